import "@xyflow/react/dist/style.css";
import {
  FLOW_LOAD_DELAY_MS,
  FLOW_START_NODE_ID,
  FLOW_TOAST_DURATION_MS,
  type FlowNodeOf,
  type FlowNodeType,
  flowMediaPublicUrl,
} from "@atendo/shared";
import SaveIcon from "@mui/icons-material/Save";
import { Button, Chip, CircularProgress, Paper, Typography, useMediaQuery, useTheme } from "@mui/material";
import { Background, BackgroundVariant, Controls, MiniMap, ReactFlow } from "@xyflow/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { toast } from "react-toastify";
import { BACKEND_URL, toastError } from "../../api/client";
import { useNavigationBlocker } from "../../app/navigation/useNavigationBlocker";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  Loading,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  Title,
} from "../../components";
import { FlowMenu, type MenuBlock } from "./FlowMenu";
import { fetchFlow, saveFlow } from "./flowBuilderApi";
import { answerKeysOf, type CanvasNode, documentOf } from "./flowDocument";
import { hasDialog, NodeDialogs, type OpenDialog } from "./NodeDialogs";
import { type FlowActions, FlowActionsContext } from "./nodes/flowActions";
import { NODE_LOOKS } from "./nodes/nodeLooks";
import { NODE_TYPES } from "./nodes/nodeTypes";
import { useFlowGraph } from "./useFlowGraph";
import { readVariables, storeVariables, variablesOf, withVariable, withVariableRenamed } from "./variables";

const DELETE_KEYS = ["Backspace", "Delete"];
/** The whole flow in sight, never enlarged past its size. */
const WIDE_FIT_VIEW = { maxZoom: 1 };
/**
 * On a phone the whole flow fitted in 390 px draws its nodes too small to read: the view starts at
 * the start node, at a zoom that keeps text readable; the rest is a pan or a pinch away.
 */
const PHONE_FIT_VIEW = { nodes: [{ id: FLOW_START_NODE_ID }], minZoom: 0.6, maxZoom: 1 };

/** The flow id in the path, when it is one. */
function flowIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /flowbuilder/:id? ('Desenhe seu fluxo'): the flow's canvas with its minimap (from the sm
 * breakpoint up), zoom controls and dotted background, the floating menu of blocks, a dialog per node
 * type, and the save. The flow is fetched 500 ms after the page opens; until then
 * a spinner shows.
 */
export default function FlowBuilderPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  // On a phone the minimap would cover a third of the canvas: the zoom controls and dragging do its work.
  const showMinimap = useMediaQuery(theme.breakpoints.up("sm"), { noSsr: true });
  const { user } = useSession();
  const flowId = flowIdOf(useParams().id);
  const graph = useFlowGraph();
  const { load, add, update, duplicate, remove, markSaved } = graph;
  const [loading, setLoading] = useState(flowId !== null);
  const [flowName, setFlowName] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [variables, setVariables] = useState<string[]>(readVariables);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const changeVariables = useCallback((next: string[]) => {
    setVariables(next);
    storeVariables(next);
  }, []);

  useEffect(() => {
    load(null);
    changeVariables([]);
    if (flowId === null) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const answer = await fetchFlow(flowId, controller.signal);
        setFlowName(answer.flow.name);
        // A flow never saved keeps the blank canvas's start node.
        if (answer.flow.flow !== null) {
          load(answer.flow.flow);
          changeVariables(variablesOf(answerKeysOf(answer.flow.flow.nodes)));
        }
      } catch (error) {
        toastError(error);
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, FLOW_LOAD_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [flowId, load, changeVariables]);

  // Leaving the page with edits not saved asks first: closing the tab or reloading through the
  // browser's own prompt, in-app navigation (menu links, back and forward) through ours.
  useEffect(() => {
    if (!graph.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [graph.dirty]);
  const leaving = useNavigationBlocker(
    ({ currentLocation, nextLocation }) => graph.dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const companyId = user?.companyId ?? 0;
  const actions = useMemo<FlowActions>(
    () => ({
      duplicate,
      remove,
      mediaUrl: (name) => `${BACKEND_URL}${flowMediaPublicUrl(companyId, name)}`,
    }),
    [duplicate, remove, companyId],
  );

  const openCreate = (block: MenuBlock) =>
    setDialog({ mode: "create", type: block === "content" ? "singleBlock" : block, node: null });

  const openEdit = (node: CanvasNode) => {
    if (hasDialog(node.type)) setDialog({ mode: "edit", type: node.type, node });
  };

  const saveNode = (type: FlowNodeType, data: Record<string, unknown>) => {
    const edited = dialog?.node;
    if (type === "question") {
      const key = (data as FlowNodeOf<"question">["data"]).typebotIntegration.answerKey;
      const previous = edited ? (edited.data as FlowNodeOf<"question">["data"]).typebotIntegration.answerKey : null;
      changeVariables(previous === null ? withVariable(variables, key) : withVariableRenamed(variables, previous, key));
    }
    if (edited) update(edited.id, type, data);
    else add(type, data);
  };

  const save = async () => {
    if (flowId === null) return;
    setSaving(true);
    try {
      await saveFlow(documentOf(flowId, graph.nodes, graph.edges));
      markSaved();
      toast.success(t("flowBuilder.saved"), { autoClose: FLOW_TOAST_DURATION_MS });
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FlowActionsContext.Provider value={actions}>
      <MainContainer>
        <MainHeader>
          <Title subtitle={flowName ?? undefined}>{t("flowBuilder.title")}</Title>
          <MainHeaderButtonsWrapper>
            {graph.dirty ? (
              <Chip size="small" color="warning" variant="outlined" label={t("flowBuilder.unsaved")} />
            ) : null}
            <Typography variant="body2" color="text.secondary">
              {flowId === null ? t("flowBuilder.noFlow") : t("flowBuilder.saveHint")}
            </Typography>
            <Button
              variant="contained"
              onClick={save}
              disabled={flowId === null || loading || saving}
              startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
            >
              {t("flowBuilder.save")}
            </Button>
          </MainHeaderButtonsWrapper>
        </MainHeader>
        <Paper
          variant="outlined"
          sx={{
            flex: 1,
            minHeight: 420,
            position: "relative",
            overflow: "hidden",
            "& .react-flow__edge-path": { strokeWidth: 2 },
          }}
        >
          {loading ? (
            <Loading />
          ) : (
            <>
              <ReactFlow
                nodes={graph.nodes}
                edges={graph.edges}
                nodeTypes={NODE_TYPES}
                onNodesChange={graph.onNodesChange}
                onEdgesChange={graph.onEdgesChange}
                onConnect={graph.onConnect}
                onNodeDoubleClick={(_event, node) => openEdit(node)}
                deleteKeyCode={DELETE_KEYS}
                zoomOnDoubleClick={false}
                fitView
                fitViewOptions={showMinimap ? WIDE_FIT_VIEW : PHONE_FIT_VIEW}
                minZoom={0.1}
                colorMode={theme.palette.mode}
                proOptions={{ hideAttribution: true }}
              >
                {showMinimap ? (
                  <MiniMap<CanvasNode>
                    pannable
                    zoomable
                    nodeColor={(node) => (node.type ? NODE_LOOKS[node.type].color : "#9e9e9e")}
                  />
                ) : null}
                <Controls />
                <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
              </ReactFlow>
              <FlowMenu onChoose={openCreate} />
            </>
          )}
        </Paper>
      </MainContainer>
      {dialog ? (
        <NodeDialogs dialog={dialog} variables={variables} onClose={() => setDialog(null)} onSave={saveNode} />
      ) : null}
      <ConfirmationModal
        open={leaving.blocked}
        title={t("flowBuilder.leave.title")}
        confirmLabel={t("flowBuilder.leave.confirm")}
        // The dialog closes after "leave" too: a reset then drops nothing, the navigation is under way.
        onClose={leaving.reset}
        onConfirm={leaving.proceed}
      >
        {t("flowBuilder.leave.message")}
      </ConfirmationModal>
    </FlowActionsContext.Provider>
  );
}
