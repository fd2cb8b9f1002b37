export function ToolGrid() { return null; }
