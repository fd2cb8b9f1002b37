import { Barcode, Contrast, FileImage, FileSpreadsheet, FileInput, FileOutput, FilePen, FileSearch, FileText, FileType, Files, ImageDown, Images, Languages, NotebookPen, QrCode, ScanLine, ScanText, Table2, Type, type LucideIcon } from 'lucide-react';
import type { ToolIcon } from '@textlift/core/tools';

/** The registry names each tool's icon; every name has its picture here (checked by type). */
export const toolIcons: Record<ToolIcon, LucideIcon> = {
  'scan-text': ScanText,
  'file-text': FileText,
  'file-type': FileType,
  'file-output': FileOutput,
  files: Files,
  'file-image': FileImage,
  images: Images,
  'file-pen': FilePen,
  'qr-code': QrCode,
  'scan-line': ScanLine,
  barcode: Barcode,
  contrast: Contrast,
  type: Type,
  'file-word': NotebookPen,
  'file-input': FileInput,
  'image-down': ImageDown,
  sheet: FileSpreadsheet,
  table: Table2,
  languages: Languages,
  'file-search': FileSearch,
};
