import { ActionIcon, Group } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsHorizontal,
  IconCheck,
  IconEraser,
  IconHighlight,
  IconMessage,
  IconPencil,
  IconX,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { TOOL_LABELS, TOOLS, type Tool } from '../model/tools';

type Icon = ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;

const ICONS: Record<Tool, Icon> = {
  pen: IconPencil,
  tick: IconCheck,
  cross: IconX,
  text: IconMessage,
  highlight: IconHighlight,
  eraser: IconEraser,
};

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

type ToolbarProps = {
  tool: Tool;
  onTool: (tool: Tool) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  zoom: number;
  onZoom: (zoom: number) => void;
};

type ToolButtonProps = {
  label: string;
  icon: Icon;
  title?: string;
  variant?: 'filled' | 'light' | 'default';
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

/** One icon button of the toolbar, named for screen readers by `label`. */
function ToolButton({
  label,
  icon: IconShown,
  title,
  variant = 'default',
  pressed,
  disabled,
  onClick,
}: ToolButtonProps) {
  return (
    <ActionIcon
      size="lg"
      variant={variant}
      aria-label={label}
      aria-pressed={pressed}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <IconShown size={18} aria-hidden />
    </ActionIcon>
  );
}

/** The tools, undo/redo and zoom as icon buttons, each named for screen readers; they wrap on a phone. */
export function StudioToolbar({ tool, onTool, canUndo, canRedo, onUndo, onRedo, zoom, onZoom }: ToolbarProps) {
  const smaller = [...ZOOM_STEPS].reverse().find((step) => step < zoom);
  const larger = ZOOM_STEPS.find((step) => step > zoom);
  return (
    <Group gap={4} wrap="wrap" role="toolbar" aria-label="Annotation tools">
      {TOOLS.map((name) => (
        <ToolButton
          key={name}
          label={TOOL_LABELS[name]}
          icon={ICONS[name]}
          title={TOOL_LABELS[name]}
          variant={tool === name ? 'filled' : 'default'}
          pressed={tool === name}
          onClick={() => onTool(name)}
        />
      ))}
      <ToolButton label="Undo" icon={IconArrowBackUp} title="Undo (Ctrl+Z)" disabled={!canUndo} onClick={onUndo} />
      <ToolButton
        label="Redo"
        icon={IconArrowForwardUp}
        title="Redo (Ctrl+Shift+Z)"
        disabled={!canRedo}
        onClick={onRedo}
      />
      <ToolButton
        label="Zoom out"
        icon={IconZoomOut}
        disabled={smaller === undefined}
        onClick={() => smaller !== undefined && onZoom(smaller)}
      />
      <ToolButton
        label="Zoom in"
        icon={IconZoomIn}
        disabled={larger === undefined}
        onClick={() => larger !== undefined && onZoom(larger)}
      />
      <ToolButton
        label="Fit width"
        icon={IconArrowsHorizontal}
        title="Fit width"
        variant={zoom === 1 ? 'light' : 'default'}
        onClick={() => onZoom(1)}
      />
    </Group>
  );
}
