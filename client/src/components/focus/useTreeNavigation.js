/* The WAI-ARIA tree pattern (decision 0077): the tree is one Tab stop (roving tabindex on the treeitems), Up / Down
 * move through the visible items, Right opens a closed item or goes to its first child, Left closes an open item or
 * goes to its parent, Home / End go to the first / last visible item, Enter picks, and typing letters moves to the
 * next item whose name starts with them (type-ahead). Levels may load their children later, so the visible items are
 * read from the DOM in document order (an item's children are drawn only while it is open, right after it).
 *
 * An open item's role="group" may be nested in the item (the APG markup) or drawn after it and linked with
 * aria-owns="<the group's id>": the latter keeps the item's visible text to its own label, which axe's
 * label-content-name-mismatch asks for (decision 0077); the navigation follows either.
 *
 * The tree's items carry role="treeitem", data-node-id and data-label (the name type-ahead matches);
 * `itemProps(id, {isFirst})` gives each its tabindex and focus handling; `treeProps` goes on the role="tree" element;
 * `setOpen(id, open)` opens or closes an item, `onPick(id, element)` is Enter. */
import { useRef, useState } from 'react';

export const TYPEAHEAD_RESET_MS = 600;

const ITEM = '[role="treeitem"]';
const GROUP = '[role="group"]';

/** The group holding an item's children: the one it owns (aria-owns), else the one nested in it. */
function groupOf(item) {
  const owns = item.getAttribute('aria-owns');
  const owned = owns ? item.ownerDocument.getElementById(owns) : null;
  return owned || item.querySelector(GROUP);
}

/** The item whose children `item` is among: the owner of its group, else the item it is nested in. */
function parentOf(item, tree) {
  const group = item.parentElement && item.parentElement.closest(GROUP);
  if (!group || !tree.contains(group)) return null;
  const owner = group.id ? Array.from(tree.querySelectorAll('[aria-owns]')).find((el) => el.getAttribute('aria-owns') === group.id) : null;
  return owner || group.closest(ITEM);
}

export default function useTreeNavigation({ setOpen, onPick }) {
  const tree = useRef(null);
  const [active, setActive] = useState(null);
  const typed = useRef({ text: '', at: 0 });

  const items = () => (tree.current ? Array.from(tree.current.querySelectorAll(ITEM)) : []);
  const idOf = (el) => el.getAttribute('data-node-id');
  const focus = (el) => {
    if (!el) return;
    setActive(idOf(el));
    el.focus();
  };

  const typeAhead = (key, from) => {
    const now = Date.now();
    const text = now - typed.current.at > TYPEAHEAD_RESET_MS ? key : typed.current.text + key;
    typed.current = { text, at: now };
    const all = items();
    const start = all.indexOf(from);
    // A repeated single letter cycles through the items starting with it; a longer text stays on a match.
    const order = [...all.slice(start + (text.length === 1 ? 1 : 0)), ...all.slice(0, start + (text.length === 1 ? 1 : 0))];
    const lower = text.toLocaleLowerCase();
    return order.find((el) => (el.getAttribute('data-label') || '').toLocaleLowerCase().startsWith(lower));
  };

  const onKeyDown = (event) => {
    const item = event.target.closest(ITEM);
    if (!item || !tree.current || !tree.current.contains(item) || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = items();
    const index = all.indexOf(item);
    const id = idOf(item);
    const expandable = item.hasAttribute('aria-expanded');
    const open = item.getAttribute('aria-expanded') === 'true';
    let handled = true;
    // A key that is not a letter ends the name being typed: letters typed after an arrow start a new one.
    if (event.key.length !== 1) typed.current = { text: '', at: 0 };
    switch (event.key) {
      case 'ArrowDown':
        focus(all[index + 1]);
        break;
      case 'ArrowUp':
        focus(all[index - 1]);
        break;
      case 'Home':
        focus(all[0]);
        break;
      case 'End':
        focus(all[all.length - 1]);
        break;
      case 'ArrowRight':
        if (expandable && !open) setOpen(id, true);
        else if (open) {
          const group = groupOf(item);
          focus(group && group.querySelector(ITEM));
        }
        break;
      case 'ArrowLeft':
        if (open) close(id);
        else focus(parentOf(item, tree.current));
        break;
      case 'Enter':
        onPick(id, item);
        break;
      default: {
        // A space is part of a name being typed ("г. Алматы"), not a key of its own, while the typing goes on.
        const typing = Boolean(typed.current.text) && Date.now() - typed.current.at <= TYPEAHEAD_RESET_MS;
        handled = event.key.length === 1 && (event.key !== ' ' || typing);
        if (handled) focus(typeAhead(event.key, item));
      }
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  /** Closing an item whose descendant was the Tab stop makes the item itself the Tab stop. */
  const close = (id) => {
    const el = tree.current && tree.current.querySelector(`[data-node-id="${id}"]`);
    const group = el && active !== null ? groupOf(el) : null;
    const stop = group ? group.querySelector(`[data-node-id="${active}"]`) : null;
    if (stop) {
      const hadFocus = stop.contains(document.activeElement);
      setActive(id);
      if (hadFocus) el.focus();
    }
    setOpen(id, false);
  };

  const itemProps = (id, { isFirst = false } = {}) => ({
    role: 'treeitem',
    'data-node-id': String(id),
    tabIndex: String(id) === active || (active === null && isFirst) ? 0 : -1,
    onFocus: (event) => {
      if (event.target === event.currentTarget) setActive(String(id));
    },
  });

  return {
    treeProps: { role: 'tree', ref: tree, onKeyDown },
    itemProps,
    setOpen,
    close,
    /** Makes `id` the Tab stop and focuses it (a click on its row). */
    focusItem: (id) => focus(tree.current && tree.current.querySelector(`[data-node-id="${id}"]`)),
  };
}
