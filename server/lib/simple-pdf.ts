/**
 * A plain-text PDF (PDF 1.4, Courier, A4, 60 lines a page) for statements: no dependency, every byte
 * offset computed, so any reader opens it. Text is limited to printable ASCII (others become '?').
 */
export function simplePdf(lines: string[]): Buffer {
  const perPage = 60;
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += perPage) pages.push(lines.slice(i, i + perPage));
  const esc = (s: string) =>
    s
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/([\\()])/g, '\\$1')
      .slice(0, 110);
  const objects: string[] = [];
  // 1 catalog, 2 pages, 3 font, then per page: page object and its content stream.
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>');
  pages.forEach((page, i) => {
    const content = ['BT', '/F1 9 Tf', '11 TL', '40 800 Td', ...page.map((l) => `(${esc(l)}) '`), 'ET'].join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
