import {useCallback, useEffect, useRef, useState} from 'react';

/**
 * The word-wrap button's state of a code block: whether its lines wrap, and whether they are wider than the block
 * (the button shows then). The behaviour of @docusaurus/theme-common 3.7.0's `useCodeWordWrap`, which re-rendered
 * every block of a page once after hydration: its state for a block's hidden tab starts undefined and is set to
 * null when the block is in no hidden tab, a change React renders.
 */
export function useWordWrap() {
  const [isEnabled, setIsEnabled] = useState(false);
  const [isCodeScrollable, setIsCodeScrollable] = useState(false);
  const codeBlockRef = useRef<HTMLPreElement>(null);

  const toggle = useCallback(() => {
    const code = codeBlockRef.current?.querySelector('code');
    if (!code) return;
    if (isEnabled) code.removeAttribute('style');
    else {
      code.style.whiteSpace = 'pre-wrap';
      // Very long words, strings and tokens wrap too: no scrollbar once the lines wrap.
      code.style.overflowWrap = 'anywhere';
    }
    setIsEnabled((value) => !value);
  }, [isEnabled]);

  const updateCodeIsScrollable = useCallback(() => {
    const block = codeBlockRef.current;
    if (!block) return;
    setIsCodeScrollable(block.scrollWidth > block.clientWidth || Boolean(block.querySelector('code[style]')));
  }, []);

  useEffect(() => {
    updateCodeIsScrollable();
  }, [isEnabled, updateCodeIsScrollable]);

  useEffect(() => {
    window.addEventListener('resize', updateCodeIsScrollable, {passive: true});
    return () => window.removeEventListener('resize', updateCodeIsScrollable);
  }, [updateCodeIsScrollable]);

  // A block in a hidden tab has no width: it is measured again when its tab is shown.
  useEffect(() => {
    const panel = codeBlockRef.current?.closest('[role=tabpanel][hidden]');
    if (!panel) return undefined;
    const observer = new MutationObserver(() => {
      if (!panel.hasAttribute('hidden')) updateCodeIsScrollable();
    });
    observer.observe(panel, {attributes: true, attributeFilter: ['hidden']});
    return () => observer.disconnect();
  }, [updateCodeIsScrollable]);

  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
