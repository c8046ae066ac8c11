import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { DisplayedPage } from './answer-display.ts';

/**
 * The answers document as a PDF (docs/product/questionnaires.md#answers-document, decision 043):
 * words in, bytes out. Everything it says is chosen by its caller, already in the patient's
 * language; this file only lays it out: wrapped to the page, onto as many A4 pages as it takes.
 */

export interface AnsweredSection {
  title: string;
  /** Form version and when it was answered, and what it was about. */
  details: string[];
  pages: DisplayedPage[];
}

export interface QuestionnaireDocumentContent {
  /** BCP 47, the PDF's /Lang: a screen reader reads the document in it. */
  language: string;
  title: string;
  /** Under the title: whose answers, when the document was made. */
  intro: string[];
  sections: AnsweredSection[];
  pageLabel: (page: number, pages: number) => string;
  createdAt: Date;
}

// pdf-lib's standard fonts are WinAnsi only: Macedonian (Cyrillic) needs a Unicode TrueType font,
// embedded as a subset. Vendored in the repository, so CI and production need no system font.
const fontFile = fileURLToPath(
  new URL('../../../fonts/dejavu-sans/DejaVuSans.ttf', import.meta.url),
);
let fontBytes: Uint8Array | undefined;

const pageSize: [number, number] = [595.28, 841.89];
const margin = 56;
const footerGap = 28;
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.3, 0.3, 0.3);
const rule = rgb(0.75, 0.75, 0.75);

interface TextStyle {
  size: number;
  color?: ReturnType<typeof rgb>;
  indent?: number;
  /** Space above, in points. */
  before?: number;
  /** Lines of what follows that must fit on the same page (a heading is not left alone). */
  keepWith?: number;
}

/** Lines of at most `width` points: at spaces, and inside a word longer than a line. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').replace(/\t/g, ' ').split('\n')) {
    const paragraph = raw.replace(/\p{Cc}/gu, '');
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = Array.from(word);
      while (rest.length > 1 && !fits(rest.join(''))) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut).join(''))) cut -= 1;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}

/** Writes lines down the page, starting a new page when the next one would not fit. */
class PageWriter {
  private page: PDFPage;
  private y: number;
  readonly width = pageSize[0] - 2 * margin;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.page = doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }

  private newPage() {
    this.page = this.doc.addPage(pageSize);
    this.y = pageSize[1] - margin;
  }

  private lineHeight(size: number) {
    return size * 1.4;
  }

  private room(height: number) {
    return this.y - height >= margin + footerGap;
  }

  text(text: string, style: TextStyle) {
    const indent = style.indent ?? 0;
    const lines = wrapText(text, this.font, style.size, this.width - indent);
    const height = this.lineHeight(style.size);
    const keep = Math.min(lines.length, 1) * height + (style.keepWith ?? 0) * height;
    if (!this.room((style.before ?? 0) + keep)) this.newPage();
    else this.y -= style.before ?? 0;
    for (const line of lines) {
      if (!this.room(height)) this.newPage();
      this.y -= height;
      this.page.drawText(line, {
        x: margin + indent,
        y: this.y + (height - style.size) / 2,
        size: style.size,
        font: this.font,
        color: style.color ?? ink,
      });
    }
  }

  separator() {
    if (!this.room(24)) return this.newPage();
    this.y -= 12;
    this.page.drawLine({
      start: { x: margin, y: this.y },
      end: { x: margin + this.width, y: this.y },
      thickness: 0.75,
      color: rule,
    });
  }
}

export async function questionnaireDocument(
  content: QuestionnaireDocumentContent,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  fontBytes ??= readFileSync(fontFile);
  const font = await doc.embedFont(fontBytes, { subset: true });
  doc.setTitle(content.title, { showInWindowTitleBar: true });
  doc.setLanguage(content.language);
  doc.setCreator('Patient booking portal');
  doc.setProducer('Patient booking portal (pdf-lib)');
  doc.setCreationDate(content.createdAt);
  doc.setModificationDate(content.createdAt);

  const writer = new PageWriter(doc, font);
  writer.text(content.title, { size: 18 });
  for (const line of content.intro) writer.text(line, { size: 10, color: muted, before: 4 });
  for (const section of content.sections) {
    writer.separator();
    writer.text(section.title, { size: 14, before: 10, keepWith: 3 });
    for (const detail of section.details) {
      writer.text(detail, { size: 9.5, color: muted, before: 2, keepWith: 2 });
    }
    for (const page of section.pages) {
      if (page.title) writer.text(page.title, { size: 11.5, before: 10, keepWith: 2 });
      for (const { question, answer } of page.answers) {
        writer.text(question, { size: 10, color: muted, before: 8, keepWith: 1 });
        writer.text(answer, { size: 11, indent: 12, before: 2 });
      }
    }
  }

  const pages = doc.getPages();
  pages.forEach((page, index) => {
    page.drawText(content.pageLabel(index + 1, pages.length), {
      x: margin,
      y: margin / 2,
      size: 9,
      font,
      color: muted,
    });
  });
  return doc.save();
}
