import type { Direction, Placed } from './layout';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';

const SCALE = 2;
const COLORS = { block: '#1c7ed6', department: '#0ca678', position: '#868e96' } as const;

/**
 * The chart as a PNG drawn from the layout itself (boxes, names, holders, lines), not a screenshot of the
 * page: the whole structure at once whatever part the screen shows, sharp at twice the size.
 */
export async function chartPng(
  layout: { placed: Placed[]; edges: [number, number][]; width: number; height: number },
  direction: Direction,
  secondLine: (placed: Placed) => string,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(layout.width * SCALE);
  canvas.height = Math.ceil(layout.height * SCALE);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('No 2D canvas');
  g.scale(SCALE, SCALE);
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, layout.width, layout.height);
  const byId = new Map(layout.placed.map((p) => [p.node.id, p]));
  g.strokeStyle = '#adb5bd';
  g.lineWidth = 1.5;
  for (const [from, to] of layout.edges) {
    const a = byId.get(from)!;
    const b = byId.get(to)!;
    g.beginPath();
    if (direction === 'TB') {
      const [x1, y1, x2, y2] = [a.x + NODE_WIDTH / 2, a.y + NODE_HEIGHT, b.x + NODE_WIDTH / 2, b.y];
      const mid = (y1 + y2) / 2;
      g.moveTo(x1, y1);
      g.lineTo(x1, mid);
      g.lineTo(x2, mid);
      g.lineTo(x2, y2);
    } else {
      const [x1, y1, x2, y2] = [a.x + NODE_WIDTH, a.y + NODE_HEIGHT / 2, b.x, b.y + NODE_HEIGHT / 2];
      const mid = (x1 + x2) / 2;
      g.moveTo(x1, y1);
      g.lineTo(mid, y1);
      g.lineTo(mid, y2);
      g.lineTo(x2, y2);
    }
    g.stroke();
  }
  for (const p of layout.placed) {
    g.fillStyle = '#ffffff';
    g.strokeStyle = '#ced4da';
    g.beginPath();
    g.roundRect(p.x, p.y, NODE_WIDTH, NODE_HEIGHT, 8);
    g.fill();
    g.stroke();
    g.fillStyle = COLORS[p.node.kind];
    g.fillRect(p.x, p.y + 8, 4, NODE_HEIGHT - 16);
    g.fillStyle = '#212529';
    g.font = `${p.node.kind === 'position' ? '500' : '700'} 14px sans-serif`;
    g.fillText(fit(g, p.node.name, NODE_WIDTH - 24), p.x + 14, p.y + 28);
    g.fillStyle = '#495057';
    g.font = '12px sans-serif';
    g.fillText(fit(g, secondLine(p), NODE_WIDTH - 24), p.x + 14, p.y + 52);
  }
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG not made'))), 'image/png'),
  );
}

/** The text cut with an ellipsis to fit `width`. */
function fit(g: CanvasRenderingContext2D, text: string, width: number): string {
  if (g.measureText(text).width <= width) return text;
  let cut = text;
  while (cut.length > 1 && g.measureText(`${cut}…`).width > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
