import { act } from '@testing-library/react';

/**
 * The test DOM never loads images, so every <img> would hit the studio's 5 s direct-image timeout and
 * fall back to the base64 endpoint once a slow test passes 5 s. Screens tested end to end behave
 * as in a browser where images load: each <img> that appears or changes `src` gets a `load` event.
 * (The fallback chain itself is tested in ImageWithFallback.spec.tsx without this.)
 */
export function autoLoadImages(): () => void {
  const observer = new MutationObserver((records) => {
    const images = new Set<HTMLImageElement>();
    for (const record of records) {
      if (record.target instanceof HTMLImageElement) images.add(record.target);
      record.addedNodes.forEach((node) => {
        if (node instanceof HTMLImageElement) images.add(node);
        if (node instanceof Element) node.querySelectorAll('img').forEach((img) => images.add(img));
      });
    }
    if (!images.size) return;
    setTimeout(() => {
      const connected = [...images].filter((img) => img.isConnected && img.getAttribute('src'));
      if (connected.length) act(() => connected.forEach((img) => img.dispatchEvent(new Event('load'))));
    }, 0);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['src'] });
  return () => observer.disconnect();
}
