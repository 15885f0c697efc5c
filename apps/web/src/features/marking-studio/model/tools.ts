/** The studio's tools on the script. */
export const TOOLS = ['pen', 'tick', 'cross', 'text', 'highlight', 'eraser'] as const;
export type Tool = (typeof TOOLS)[number];

export const TOOL_LABELS: Record<Tool, string> = {
  pen: 'Pen',
  tick: 'Tick',
  cross: 'Cross',
  text: 'Text comment',
  highlight: 'Highlight box',
  eraser: 'Eraser',
};
