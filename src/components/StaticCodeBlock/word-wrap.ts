import {useCallback, useEffect, useRef, useState} from 'react';

/**
 * The word-wrap button's state of a code block: whether its lines wrap, and whether they are wider than the block
 * (the button shows then). The behaviour of @docusaurus/theme-common 3.7.0's `useCodeWordWrap`, which re-rendered
 * every block of a page once after hydration (its state for a block's hidden tab starts undefined and is set to
 * null when the block is in no hidden tab, a change React renders), and measured each block in an effect, which made
 * the browser lay the whole page out in the task that ran the effects (51 ms at 4x CPU throttling on an operation
 * page of the API reference). Here a ResizeObserver measures the block and its lines after the browser has laid
 * them out: when the page first shows them, when the window or a font changes their size, when a hidden tab shows
 * the block, when the lines change or wrap.
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

  useEffect(() => {
    const block = codeBlockRef.current;
    if (!block) return undefined;
    const observer = new ResizeObserver(() => {
      setIsCodeScrollable(block.scrollWidth > block.clientWidth || Boolean(block.querySelector('code[style]')));
    });
    observer.observe(block);
    const lines = block.querySelector('code');
    if (lines) observer.observe(lines);
    return () => observer.disconnect();
  }, []);

  return {codeBlockRef, isEnabled, isCodeScrollable, toggle};
}
