import { createHash } from "node:crypto";
import {
  type ContentElement,
  FLOW_BRANCH_HANDLES,
  type FlowContent,
  type FlowNode,
  flowConditionHolds,
  flowEdgeFrom,
  menuOptionHandle,
} from "@atendo/shared";
import { joinParts, numberedMenu, parseReply } from "../chatbot/chatbot.logic.js";

/*
 * The flow engine's decisions, free of I/O: what a node sends and where the run goes next,
 * how an answer is read, how texts take their variables, and the ids of what a step sends.
 * flow-run.ts applies them. Every decision is a function of the run's stored state and of the
 * step's place in it (RunView), so a step repeated after a crash decides the same (the
 * randomizer included).
 */

/**
 * What a transition sends: a text, or a media file of the company's flow media by its stored
 * name (an audio node's or element's `record` sends it as a voice note).
 */
export type FlowPart = { kind: "text"; body: string } | { kind: "media"; name: string; voiceNote?: boolean };

/** Where the run goes after a node's parts went out. */
export type FlowMove =
  /** On to this node (null: the flow has no edge there, and the run ends). */
  | { kind: "goto"; nodeId: string | null }
  /** Stay on the node until the customer answers (menus and questions). */
  | { kind: "answer" }
  /** Wait this long, then go on at nodeId (from its element `part`). */
  | { kind: "interval"; seconds: number; nodeId: string; part: number }
  /** The conversation belongs to an outside service (OpenAI, Typebot) until it hands back. */
  | { kind: "handoff" }
  /** Move the ticket to this queue and end the run. */
  | { kind: "ticket"; queueId: number };

export interface FlowTransition {
  parts: FlowPart[];
  move: FlowMove;
  /** Variables to store with the transition (a question's answer). */
  variables?: Record<string, string>;
}

/** The run as the decisions see it: its committed seq, and where the step walking it stands now. */
export interface RunView {
  id: number;
  /** The seq the step started from (the run's committed one). */
  seq: number;
  /** Nodes the step visited before this one: with seq, what tells two visits of one step apart. */
  visit: number;
  /** Where inside the node: a content sequence's next element. */
  part: number;
  variables: Record<string, string>;
}

/** The contact's names, for {{name}} and {{firstName}}. */
export interface ContactNames {
  name: string;
}

/** Longest answer kept in a variable: a question is not a file upload. */
export const ANSWER_MAX = 1000;

/** The node a run stands on, or undefined when the saved flow no longer has it. */
export function findNode(flow: FlowContent, nodeId: string): FlowNode | undefined {
  return flow.nodes.find((node) => node.id === nodeId);
}

/** The node the edge leaving `node` by `handle` (null: its single source) leads to. */
export function nextMove(flow: FlowContent, node: FlowNode, handle: string | null = null): FlowMove {
  return { kind: "goto", nodeId: flowEdgeFrom(flow.connections, node.id, handle)?.target ?? null };
}

const VARIABLE = /\{\{\s*([\p{L}\p{N}_-]{1,50})\s*\}\}/gu;

/**
 * `{{key}}` from the run's variables (question answers), then {{name}} and {{firstName}} of
 * the contact. A flow's own variable wins over a built-in of the same name: a question whose
 * answerKey is "name" asked for it. A variable nobody set is left empty rather than shown raw.
 */
export function renderFlowText(text: string, variables: Record<string, string>, contact: ContactNames): string {
  const name = contact.name.trim();
  const builtIns: Record<string, string> = { name, firstName: name.split(/\s+/)[0] ?? "" };
  return text.replace(VARIABLE, (_, key: string) => variables[key] ?? builtIns[key] ?? "");
}

/** The value a condition's key names: a variable (written bare or as {{key}}), or a contact's name. */
export function variableValue(
  key: string,
  variables: Record<string, string>,
  contact: ContactNames,
): string | undefined {
  const bare = key
    .trim()
    .replace(/^\{\{\s*/, "")
    .replace(/\s*\}\}$/, "");
  if (bare in variables) return variables[bare];
  const rendered = renderFlowText(`{{${bare}}}`, {}, contact);
  return rendered === "" ? undefined : rendered;
}

/** A menu as it goes out: its message, a blank line, then "*1* - option" lines. */
export function menuText(node: Extract<FlowNode, { type: "menu" }>, run: RunView, contact: ContactNames): string {
  const options = numberedMenu(node.data.arrayOption.map((o) => ({ position: o.number, title: o.value })));
  return joinParts(renderFlowText(node.data.message, run.variables, contact), options);
}

/**
 * A number from 0 to 99 drawn for one node visit of one run: the `visit`-th of the step that
 * started at `seq`. A retry of the step starts there again and visits the same nodes in the
 * same order, so it draws the same; evenly spread over runs, steps and visits. A step's first
 * visit hashes as when each node had a seq of its own, so a step retried across that upgrade
 * takes its branch again.
 */
export function roll(runId: number, seq: number, visit: number): number {
  const key = visit === 0 ? `${runId}:${seq}` : `${runId}:${seq}:${visit}`;
  return createHash("sha256").update(key).digest().readUInt32BE(0) % 100;
}

const text = (body: string): FlowPart => ({ kind: "text", body });

/**
 * What visiting a node does: its parts and where the run goes next. A content sequence starts
 * at the run's `part`, and stops at an interval element to wait (going on after it).
 */
export function visitNode(flow: FlowContent, node: FlowNode, run: RunView, contact: ContactNames): FlowTransition {
  const render = (value: string) => renderFlowText(value, run.variables, contact);
  switch (node.type) {
    case "start":
      return { parts: [], move: nextMove(flow, node) };
    case "message":
      return { parts: [text(render(node.data.label))], move: nextMove(flow, node) };
    case "img":
    case "video":
      return { parts: [{ kind: "media", name: node.data.url }], move: nextMove(flow, node) };
    case "audio":
      return {
        parts: [{ kind: "media", name: node.data.url, voiceNote: node.data.record }],
        move: nextMove(flow, node),
      };
    case "menu":
      return { parts: [text(menuText(node, run, contact))], move: { kind: "answer" } };
    case "question":
      return { parts: [text(render(node.data.typebotIntegration.message))], move: { kind: "answer" } };
    case "interval": {
      const after = nextMove(flow, node);
      if (after.kind !== "goto" || after.nodeId === null) return { parts: [], move: after };
      return { parts: [], move: { kind: "interval", seconds: node.data.sec, nodeId: after.nodeId, part: 0 } };
    }
    case "randomizer": {
      const { percent, rest } = FLOW_BRANCH_HANDLES.randomizer;
      return {
        parts: [],
        move: nextMove(flow, node, roll(run.id, run.seq, run.visit) < node.data.percent ? percent : rest),
      };
    }
    case "condition": {
      const holds = flowConditionHolds(
        node.data.condition,
        variableValue(node.data.key, run.variables, contact),
        node.data.value,
      );
      const handles = FLOW_BRANCH_HANDLES.condition;
      return { parts: [], move: nextMove(flow, node, holds ? handles.true : handles.false) };
    }
    case "ticket":
      return { parts: [], move: { kind: "ticket", queueId: node.data.data.id } };
    case "singleBlock":
      return visitContent(flow, node, run, render);
    case "typebot":
    case "openai":
      return { parts: [], move: { kind: "handoff" } };
  }
}

function mediaPart(element: Exclude<ContentElement, { type: "message" | "interval" }>): FlowPart {
  return element.type === "audio"
    ? { kind: "media", name: element.value, voiceNote: element.record }
    : { kind: "media", name: element.value };
}

function visitContent(
  flow: FlowContent,
  node: Extract<FlowNode, { type: "singleBlock" }>,
  run: RunView,
  render: (value: string) => string,
): FlowTransition {
  const byNumber = new Map(node.data.elements.map((element) => [element.number, element]));
  const parts: FlowPart[] = [];
  const { seq } = node.data;
  for (let index = run.part; index < seq.length; index++) {
    const element = byNumber.get(seq[index]!);
    if (!element) continue;
    if (element.type === "interval") {
      if (index + 1 < seq.length) {
        return { parts, move: { kind: "interval", seconds: element.value, nodeId: node.id, part: index + 1 } };
      }
      // The sequence ends with its interval: the wait comes before the next node.
      const after = nextMove(flow, node);
      if (after.kind === "goto" && after.nodeId !== null) {
        return { parts, move: { kind: "interval", seconds: element.value, nodeId: after.nodeId, part: 0 } };
      }
      return { parts, move: after };
    }
    parts.push(element.type === "message" ? text(render(element.value)) : mediaPart(element));
  }
  return { parts, move: nextMove(flow, node) };
}

/**
 * The customer's answer to the node the run waits on. A menu follows the option's edge, or
 * repeats itself on a number it does not offer or on anything else; a question keeps the
 * answer under its answerKey and goes on. Other nodes do not wait for answers: undefined.
 */
export function answerNode(
  flow: FlowContent,
  node: FlowNode,
  answer: string,
  run: RunView,
  contact: ContactNames,
): FlowTransition | undefined {
  if (node.type === "menu") {
    const reply = parseReply(answer);
    const chosen =
      reply.kind === "number" ? node.data.arrayOption.find((option) => option.number === reply.value) : undefined;
    if (!chosen) return { parts: [text(menuText(node, run, contact))], move: { kind: "answer" } };
    return { parts: [], move: nextMove(flow, node, menuOptionHandle(chosen.number)) };
  }
  if (node.type === "question") {
    const key = node.data.typebotIntegration.answerKey;
    return { parts: [], move: nextMove(flow, node), variables: { [key]: answer.trim().slice(0, ANSWER_MAX) } };
  }
  return undefined;
}

const hex = (value: number, width: number) => value.toString(16).toUpperCase().padStart(width, "0");

/**
 * The id of one message of one step of one run. A step starts at the run's committed `seq` and
 * commits once, moving it to seq + 1 (a compare-and-set), so each seq starts at most one step
 * that commits; `part` numbers every part the step's nodes produce, in order, across all of them
 * (an empty text or a missing file keeps its number). A step repeated after a crash or a failed
 * send starts at the same seq and visits the same nodes, so it sends under the ids it had and
 * the network keeps each message once; no other step of the run can use them. A step holds at
 * most STEP_BUDGET nodes of at most FLOW_LIMITS.contentElements parts, within three hex digits.
 * Upper-case hex like WhatsApp's own ids; "3EB0F" sets them apart from campaigns' "3EB0C".
 */
export function flowMessageId(runId: number, seq: number, part: number): string {
  return `3EB0F${hex(runId, 8)}${hex(seq, 8)}${hex(part, 3)}`;
}
