import { PDFName } from '@cantoo/pdf-lib';

/** The PDF names the merge code reads and writes, made once (PDFName.of interns them anyway). */
export const A = PDFName.of('A');
export const ACRO_FORM = PDFName.of('AcroForm');
export const C = PDFName.of('C');
export const COUNT = PDFName.of('Count');
export const D = PDFName.of('D');
export const DEST = PDFName.of('Dest');
export const DESTS = PDFName.of('Dests');
export const DR = PDFName.of('DR');
export const F = PDFName.of('F');
export const FIELDS = PDFName.of('Fields');
export const FIRST = PDFName.of('First');
export const GOTO = PDFName.of('GoTo');
export const KIDS = PDFName.of('Kids');
export const MEDIA_BOX = PDFName.of('MediaBox');
export const NAMES = PDFName.of('Names');
export const NEXT = PDFName.of('Next');
export const OUTLINES = PDFName.of('Outlines');
export const PAGE = PDFName.of('Page');
export const PAGES = PDFName.of('Pages');
export const PARENT = PDFName.of('Parent');
export const RESOURCES = PDFName.of('Resources');
export const S = PDFName.of('S');
export const T = PDFName.of('T');
export const TITLE = PDFName.of('Title');
export const TYPE = PDFName.of('Type');
export const XYZ = PDFName.of('XYZ');
