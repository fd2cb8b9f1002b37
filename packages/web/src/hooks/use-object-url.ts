import { useEffect, useState } from 'react';
import type { OutputFile } from '@textlift/core/conversion';

/** An object URL showing an output file (an image), revoked when the output changes or goes. */
export function useObjectUrl(output: OutputFile | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!output) return setUrl(undefined);
    const made = URL.createObjectURL(new Blob([output.bytes as Uint8Array<ArrayBuffer>], { type: output.type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [output]);
  return url;
}
