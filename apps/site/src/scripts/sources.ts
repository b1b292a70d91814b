/**
 * The story page's only script (seed 003 §10): every attributed sentence is a button; Tab walks
 * them, Enter/Space opens the sources panel with the articles behind the sentence, the arrow keys
 * (and Home/End) jump between attributed sentences, Escape closes the panel and returns focus to
 * the sentence. On narrow screens the panel is a bottom sheet in a modal `<dialog>` (showModal);
 * on wide screens a non-modal panel beside the text. Without JavaScript the full list of
 * articles stays on the page.
 */

/** Screens at most this wide get the modal bottom sheet. */
export const NARROW_QUERY = '(max-width: 40rem)';

const NEXT_KEYS = new Set(['ArrowRight', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['ArrowLeft', 'ArrowUp']);

/** Wires the sentences, the panel and the keyboard of a story page. */
export function enhanceSentences(root: Document): void {
  const panel = root.querySelector<HTMLDialogElement>('#sources-panel');
  const articles = root.querySelector<HTMLElement>('[data-articles]');
  if (panel === null || articles === null) return;
  const list = panel.querySelector<HTMLElement>('[data-panel-list]')!;
  const quote = panel.querySelector<HTMLElement>('[data-quote]')!;
  const title = panel.querySelector<HTMLElement>('#sources-panel-title')!;
  const sentences = [...root.querySelectorAll<HTMLButtonElement>('button.sentence[data-sources]')];
  const cards = new Map<string, HTMLElement>();
  for (const card of articles.querySelectorAll<HTMLElement>('[data-article-id]'))
    cards.set(card.dataset.articleId!, card);
  let opener: HTMLButtonElement | null = null;

  const textOf = (sentence: HTMLButtonElement): string => sentence.firstChild?.textContent ?? '';

  let ignoreClose = false;

  const open = (sentence: HTMLButtonElement): void => {
    const modal = root.defaultView?.matchMedia(NARROW_QUERY).matches ?? false;
    opener?.setAttribute('aria-expanded', 'false');
    if (panel.open && panel.matches(':modal') !== modal) {
      // The screen changed size since the panel opened: reopen it in the other mode.
      ignoreClose = true;
      panel.close();
    }
    quote.textContent = textOf(sentence);
    list.replaceChildren(
      ...(sentence.dataset.sources ?? '')
        .split(' ')
        .map((id) => cards.get(id)?.cloneNode(true))
        .filter((card): card is Node => card !== undefined),
    );
    opener = sentence;
    sentence.setAttribute('aria-expanded', 'true');
    if (!panel.open) {
      if (modal) panel.showModal();
      else panel.show();
    }
    title.focus();
  };

  panel.addEventListener('close', () => {
    if (ignoreClose) {
      ignoreClose = false;
      return;
    }
    const sentence = opener;
    opener = null;
    if (sentence === null) return;
    sentence.setAttribute('aria-expanded', 'false');
    sentence.focus();
  });
  // Escape on the non-modal panel (the modal one closes itself through `cancel`).
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && panel.open) {
      event.preventDefault();
      panel.close();
    }
  });
  panel.querySelector('[data-close]')?.addEventListener('click', () => panel.close());

  sentences.forEach((sentence, index) => {
    sentence.addEventListener('click', () => open(sentence));
    sentence.addEventListener('keydown', (event) => {
      let target: HTMLButtonElement | undefined;
      if (NEXT_KEYS.has(event.key)) target = sentences[Math.min(index + 1, sentences.length - 1)];
      else if (PREVIOUS_KEYS.has(event.key)) target = sentences[Math.max(index - 1, 0)];
      else if (event.key === 'Home') target = sentences[0];
      else if (event.key === 'End') target = sentences[sentences.length - 1];
      else if (event.key === 'Escape' && panel.open) {
        event.preventDefault();
        panel.close();
        return;
      }
      if (target === undefined) return;
      event.preventDefault();
      target.focus();
    });
  });
}
