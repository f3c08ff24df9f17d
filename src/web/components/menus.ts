// The site's small menus (<details data-menu>: "Follow this search", a job's "⋯" and "Hide…")
// behave as menus do once their code has loaded: Escape closes them and gives the focus back to
// the menu's button, a press outside closes them, and opening one closes any other. Before that,
// and without JavaScript, they are plain disclosures that open and close by their button. One set
// of listeners on the document serves every menu; the first menu's code to load adds it.
let listening = false;

const openMenus = () => document.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]');

export function closeMenusLikeMenus(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of openMenus()) {
      const focusInside = menu.contains(document.activeElement);
      menu.open = false;
      if (focusInside) menu.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false;
  });
  // `toggle` does not bubble: caught on its way down.
  document.addEventListener(
    'toggle',
    (event) => {
      const opened = event.target;
      if (!(opened instanceof HTMLDetailsElement) || !opened.open || !opened.dataset.menu) return;
      for (const menu of openMenus()) if (menu !== opened) menu.open = false;
    },
    true,
  );
}
