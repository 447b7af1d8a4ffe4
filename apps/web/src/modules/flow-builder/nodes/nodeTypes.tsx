import { FLOW_BRANCH_HANDLES, type FlowNodeType, menuOptionHandle } from "@atendo/shared";
import { Box, Chip, Stack, Typography } from "@mui/material";
import type { NodeProps, NodeTypes } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { CanvasNodeOf } from "../flowDocument";
import { voiceLabel } from "../voices";
import { useFlowActions } from "./flowActions";
import { CardText, NodeCard, SourceRow } from "./NodeCard";
import { NODE_LOOKS } from "./nodeLooks";

type CardProps<T extends FlowNodeType> = NodeProps<CanvasNodeOf<T>>;

function useTitle(type: FlowNodeType): string {
  const { t } = useTranslation();
  return t(`flowBuilder.nodes.${type}`);
}

function StartCard({ id, selected }: CardProps<"start">) {
  return <NodeCard id={id} type="start" selected={selected} title={useTitle("start")} start />;
}

function MessageCard({ id, data, selected }: CardProps<"message">) {
  return (
    <NodeCard id={id} type="message" selected={selected} title={useTitle("message")}>
      <CardText>{data.label}</CardText>
    </NodeCard>
  );
}

function IntervalCard({ id, data, selected }: CardProps<"interval">) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="interval" selected={selected} title={useTitle("interval")}>
      <CardText>{t("flowBuilder.nodes.intervalLabel", { sec: data.sec })}</CardText>
    </NodeCard>
  );
}

function ConditionCard({ id, data, selected }: CardProps<"condition">) {
  const { t } = useTranslation();
  return (
    <NodeCard id={id} type="condition" selected={selected} title={useTitle("condition")} singleSource={false}>
      <CardText>{`{{${data.key}}} ${t(`flowBuilder.conditions.${data.condition}`)} ${data.value}`.trim()}</CardText>
      <Box sx={{ mt: 0.5 }}>
        <SourceRow handle={FLOW_BRANCH_HANDLES.condition.true}>{t("flowBuilder.nodes.conditionTrue")}</SourceRow>
        <SourceRow handle={FLOW_BRANCH_HANDLES.condition.false}>{t("flowBuilder.nodes.conditionFalse")}</SourceRow>
      </Box>
    </NodeCard>
  );
}

function MenuCard({ id, data, selected }: CardProps<"menu">) {
  return (
    <NodeCard id={id} type="menu" selected={selected} title={useTitle("menu")} singleSource={false}>
      <CardText lines={4}>{data.message}</CardText>
      <Box sx={{ mt: 0.5 }}>
        {data.arrayOption.map((option) => (
          <SourceRow key={option.number} handle={menuOptionHandle(option.number)}>
            <Box component="span" sx={{ fontWeight: 700 }}>{`[${option.number}] `}</Box>
            {option.value}
          </SourceRow>
        ))}
      </Box>
    </NodeCard>
  );
}

function ImageCard({ id, data, selected }: CardProps<"img">) {
  const { mediaUrl } = useFlowActions();
  const title = useTitle("img");
  return (
    <NodeCard id={id} type="img" selected={selected} title={title}>
      <Box
        component="img"
        src={mediaUrl(data.url)}
        alt={title}
        sx={{ display: "block", width: "100%", maxHeight: 160, objectFit: "cover", mt: 0.5 }}
      />
    </NodeCard>
  );
}

function AudioCard({ id, data, selected }: CardProps<"audio">) {
  const { t } = useTranslation();
  const { mediaUrl } = useFlowActions();
  return (
    <NodeCard id={id} type="audio" selected={selected} title={useTitle("audio")}>
      <Box sx={{ px: 1.5 }}>
        {/* biome-ignore lint/a11y/useMediaCaption: a customer's audio message has no captions to offer */}
        <audio className="nodrag" controls preload="none" src={mediaUrl(data.url)} style={{ width: "100%" }} />
        {data.record ? <Chip size="small" label={t("flowBuilder.nodes.recorded")} /> : null}
      </Box>
    </NodeCard>
  );
}

function VideoCard({ id, data, selected }: CardProps<"video">) {
  const { mediaUrl } = useFlowActions();
  return (
    <NodeCard id={id} type="video" selected={selected} title={useTitle("video")}>
      <Box sx={{ px: 1.5 }}>
        {/* biome-ignore lint/a11y/useMediaCaption: a customer's video message has no captions to offer */}
        <video className="nodrag" controls preload="metadata" src={mediaUrl(data.url)} style={{ width: "100%" }} />
      </Box>
    </NodeCard>
  );
}

function RandomizerCard({ id, data, selected }: CardProps<"randomizer">) {
  const { t } = useTranslation();
  const handles = FLOW_BRANCH_HANDLES.randomizer;
  return (
    <NodeCard id={id} type="randomizer" selected={selected} title={useTitle("randomizer")} singleSource={false}>
      <SourceRow handle={handles.percent}>
        {t("flowBuilder.nodes.branch", { handle: handles.percent, percent: data.percent })}
      </SourceRow>
      <SourceRow handle={handles.rest}>
        {t("flowBuilder.nodes.branch", { handle: handles.rest, percent: 100 - data.percent })}
      </SourceRow>
    </NodeCard>
  );
}

function TicketCard({ id, data, selected }: CardProps<"ticket">) {
  const { t } = useTranslation();
  const queue = data.data;
  return (
    <NodeCard id={id} type="ticket" selected={selected} title={useTitle("ticket")}>
      <Stack direction="row" spacing={1} sx={{ px: 1.5, alignItems: "center" }}>
        <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color ?? "grey.500" }} />
        <Typography variant="body2" color="text.secondary" noWrap>
          {t("flowBuilder.nodes.queue", { name: queue.name || `#${queue.id}` })}
        </Typography>
      </Stack>
    </NodeCard>
  );
}

function ContentCard({ id, data, selected }: CardProps<"singleBlock">) {
  const { t } = useTranslation();
  const byNumber = new Map(data.elements.map((element) => [element.number, element]));
  return (
    <NodeCard id={id} type="singleBlock" selected={selected} title={useTitle("singleBlock")}>
      <Stack spacing={0.5} sx={{ px: 1.5 }}>
        {data.seq.map((number) => {
          const element = byNumber.get(number);
          if (!element) return null;
          const Icon = NODE_LOOKS[element.type].icon;
          const text =
            element.type === "message"
              ? element.value
              : element.type === "interval"
                ? t("flowBuilder.nodes.intervalLabel", { sec: element.value })
                : (element.original ?? element.value);
          return (
            <Stack key={number} direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
              <Icon fontSize="small" color="action" aria-label={t(`flowBuilder.nodes.${element.type}`)} />
              <Typography variant="body2" color="text.secondary" noWrap>
                {text}
              </Typography>
            </Stack>
          );
        })}
      </Stack>
    </NodeCard>
  );
}

function TypebotCard({ id, data, selected }: CardProps<"typebot">) {
  const integration = data.typebotIntegration;
  return (
    <NodeCard id={id} type="typebot" selected={selected} title={useTitle("typebot")}>
      <CardText lines={2}>{integration.name || integration.typebotSlug}</CardText>
    </NodeCard>
  );
}

function OpenAiCard({ id, data, selected }: CardProps<"openai">) {
  const { t } = useTranslation();
  const integration = data.typebotIntegration;
  return (
    <NodeCard id={id} type="openai" selected={selected} title={useTitle("openai")}>
      <CardText lines={2}>{integration.name}</CardText>
      <CardText lines={1}>{t("flowBuilder.nodes.voice", { voice: voiceLabel(integration.voice, t) })}</CardText>
    </NodeCard>
  );
}

function QuestionCard({ id, data, selected }: CardProps<"question">) {
  const { t } = useTranslation();
  const question = data.typebotIntegration;
  return (
    <NodeCard id={id} type="question" selected={selected} title={useTitle("question")}>
      <CardText lines={4}>{question.message}</CardText>
      <CardText lines={1}>{t("flowBuilder.nodes.answerKey", { key: `{{${question.answerKey}}}` })}</CardText>
    </NodeCard>
  );
}

/** The card drawn for each node type. */
export const NODE_TYPES = {
  start: StartCard,
  message: MessageCard,
  interval: IntervalCard,
  condition: ConditionCard,
  menu: MenuCard,
  img: ImageCard,
  audio: AudioCard,
  video: VideoCard,
  randomizer: RandomizerCard,
  ticket: TicketCard,
  singleBlock: ContentCard,
  typebot: TypebotCard,
  openai: OpenAiCard,
  question: QuestionCard,
} satisfies Record<FlowNodeType, unknown> as NodeTypes;
