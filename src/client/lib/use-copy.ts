import { useState } from 'react';

/**
 * Copying to the clipboard, and whether it worked: 'yes', 'no' (the browser refused; the card
 * then asks the reader to select and copy by hand), or null before the first try.
 */
export function useCopy() {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return { copied, copy };
}
