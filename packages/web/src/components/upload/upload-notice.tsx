/** The one line saying why a chosen file was refused, read out by screen readers at once. */
export function UploadNotice({ children }: { children?: string }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700" data-testid="upload-notice">
      {children}
    </p>
  );
}
