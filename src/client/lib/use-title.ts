import { useEffect } from 'react';

/** Sets the tab title the way the server's page heads do ('X | Marquee'); undefined leaves it as it is while data loads. */
export function useTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title === 'Marquee' ? 'Marquee: live music near you' : `${title} | Marquee`;
  }, [title]);
}
