import {useRef, type ComponentProps, type KeyboardEvent, type ReactNode} from 'react';
import DropdownNavbarItem from '@theme-original/NavbarItem/DropdownNavbarItem';
import styles from './styles.module.css';

/** Escape closes an open navbar dropdown and puts focus back on its toggle (why: src/theme/README.md). */
export default function DropdownNavbarItemWrapper(props: ComponentProps<typeof DropdownNavbarItem>): ReactNode {
  const container = useRef<HTMLDivElement>(null);
  if (props.mobile) {
    // In the mobile menu the dropdown is a collapsible list, which the theme already toggles by keyboard.
    return <DropdownNavbarItem {...props} />;
  }
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    const toggle = container.current?.querySelector<HTMLElement>('[aria-haspopup="true"]');
    if (event.key !== 'Escape' || toggle?.getAttribute('aria-expanded') !== 'true') return;
    // The theme closes an open dropdown on any pointer press outside it.
    document.dispatchEvent(new MouseEvent('mousedown'));
    toggle.focus();
  };
  return (
    // The keys come from the dropdown's own toggle and links, whose keydown bubbles here: no control of its own.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div ref={container} className={styles.dropdown} onKeyDown={closeOnEscape}>
      <DropdownNavbarItem {...props} />
    </div>
  );
}
