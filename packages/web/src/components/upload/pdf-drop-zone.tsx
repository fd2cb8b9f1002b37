import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DropZone, PrivacyNote, type DropZoneProps } from './drop-zone.tsx';

/** The drop zone of the PDF tools: PDF wording, the size limit, where the work runs. */
export function PdfDropZone({ maxBytes, ...props }: Omit<DropZoneProps, 'accept' | 'hints' | 'dropLabel' | 'icon'> & { maxBytes: number }) {
  const { t } = useTranslation();
  return (
    <DropZone
      {...props}
      accept="application/pdf,.pdf"
      dropLabel={t('toolPage.dropPdf')}
      icon={FileText}
      hints={
        <>
          <p>{t('toolPage.pdfLimit', { size: maxBytes / (1024 * 1024) })}</p>
          <PrivacyNote>{t('toolPage.privacyPdf')}</PrivacyNote>
        </>
      }
    />
  );
}
