import {
  BLACKLIST_BLOCKED_SUBMIT_CLASS,
  BLACKLIST_FIELD_CLASS,
  blacklistKindOf,
  findBlockedWord,
  type ActiveBlacklistsAnswer,
  type AddressBlacklistAnswer,
  type BlacklistKind,
  type NameBlacklistAnswer,
} from "../../../kernel/blacklist";
import { getJson } from "../../lib/http";
import "./Blacklist.css";

type Lists = Record<BlacklistKind, string[]>;

/** The page's word lists: asked for once per page (the flags first, then the lists of active kinds only). */
let lists: Promise<Lists> | undefined;

function loadLists(): Promise<Lists> {
  lists ??= (async () => {
    const { activeRegistrationFieldBlacklists: active } = await getJson<ActiveBlacklistsAnswer>("frontend.blacklist.active");
    const [name, address] = await Promise.all([
      active.name ? getJson<NameBlacklistAnswer>("frontend.blacklist.name").then((answer) => answer.nameBlacklistWords) : [],
      active.address ? getJson<AddressBlacklistAnswer>("frontend.blacklist.address").then((answer) => answer.addressBlacklistWords) : [],
    ]);
    return { name, address };
  })();
  // A failed load is tried again by the next form (the server refuses blocked values anyway).
  lists.catch(() => (lists = undefined));
  return lists;
}

function setIfChanged(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

const isDisabled = (control: HTMLInputElement) => control.disabled || control.closest("fieldset[disabled]") !== null;

/** The id of a field's blacklist message (added to its `aria-describedby`). */
const messageId = (control: HTMLInputElement) => `${control.id || control.name.replace(/\W/g, "-")}-blacklist`;

interface Marked {
  control: HTMLInputElement;
  message: HTMLElement;
  hadInvalid: string | null;
  hadTitle: string | null;
}

/**
 * Wires one form: each input of a name or address field is checked on every change; a field holding a
 * word gets the marker class, `aria-invalid`, a title and a visible message its `aria-describedby`
 * names, and every submit button of the form the blocked class. A submit (a button, Enter) is then held
 * back and the first marked field focused, so a keyboard or screen reader user hears why. Returns the
 * cleanup; a page without words wires nothing.
 */
export async function wireBlacklist(form: HTMLFormElement, message: (word: string) => string): Promise<() => void> {
  let words: Lists;
  try {
    words = await loadLists();
  } catch {
    return () => {};
  }
  if (!words.name.length && !words.address.length) return () => {};
  const marked = new Map<HTMLInputElement, Marked>();

  const wordsFor = (control: HTMLInputElement) => {
    const kind = blacklistKindOf(control.name);
    return kind ? words[kind] : [];
  };

  function unmark(control: HTMLInputElement) {
    const entry = marked.get(control);
    if (!entry) return;
    marked.delete(control);
    control.classList.remove(BLACKLIST_FIELD_CLASS);
    entry.message.remove();
    const describedBy = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((id) => id && id !== entry.message.id);
    if (describedBy.length) control.setAttribute("aria-describedby", describedBy.join(" "));
    else control.removeAttribute("aria-describedby");
    if (entry.hadInvalid === null) control.removeAttribute("aria-invalid");
    else control.setAttribute("aria-invalid", entry.hadInvalid);
    if (entry.hadTitle === null) control.removeAttribute("title");
    else control.setAttribute("title", entry.hadTitle);
  }

  function mark(control: HTMLInputElement, text: string) {
    let entry = marked.get(control);
    if (!entry) {
      const note = document.createElement("p");
      note.id = messageId(control);
      note.className = "checkout-field__error blacklist-message";
      entry = { control, message: note, hadInvalid: control.getAttribute("aria-invalid"), hadTitle: control.getAttribute("title") };
      marked.set(control, entry);
    }
    if (entry.message.textContent !== text) entry.message.textContent = text;
    // The server's refusal already says it under the field (a page after a refused submit): say it once.
    const own = control.id ? document.getElementById(`${control.id}-error`) : null;
    entry.message.hidden = own !== null && own.textContent === text;
    // Under the field (after its own hint and error), or right after the input when it has no field frame.
    const frame = control.closest<HTMLElement>("[data-form-field]");
    if (!entry.message.isConnected) (frame ?? control.parentElement)?.append(entry.message);
    // Only what differs is written: the observer below sees every write.
    control.classList.add(BLACKLIST_FIELD_CLASS);
    setIfChanged(control, "aria-invalid", "true");
    setIfChanged(control, "title", text);
    const describedBy = (control.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    if (!entry.message.hidden && !describedBy.includes(entry.message.id)) control.setAttribute("aria-describedby", [...describedBy, entry.message.id].join(" "));
  }

  function submitButtons(): HTMLElement[] {
    const inside = Array.from(form.querySelectorAll<HTMLElement>('button:not([type]), button[type="submit"], input[type="submit"]'));
    const outside = form.id ? Array.from(document.querySelectorAll<HTMLElement>(`[form="${CSS.escape(form.id)}"][type="submit"]`)) : [];
    return [...inside, ...outside];
  }

  function updateButtons() {
    const blocked = marked.size > 0;
    for (const button of submitButtons()) {
      button.classList.toggle(BLACKLIST_BLOCKED_SUBMIT_CLASS, blocked);
      if (blocked) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }
  }

  function check(control: HTMLInputElement) {
    // A disabled field (a hidden company field in a disabled fieldset) is not sent: it blocks nothing.
    const word = isDisabled(control) ? null : findBlockedWord(control.value, wordsFor(control));
    if (word) mark(control, message(word));
    else unmark(control);
  }

  const controls = () =>
    Array.from(form.elements).filter((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type !== "hidden" && blacklistKindOf(element.name) !== null);

  function checkAll() {
    for (const control of controls()) check(control);
    // Fields that left the form (a hidden company field, a re-rendered form) lose their mark.
    for (const control of [...marked.keys()]) if (!form.contains(control)) unmark(control);
    updateButtons();
  }

  const onInput = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || blacklistKindOf(target.name) === null) return;
    check(target);
    updateButtons();
  };

  // Before the page's own submit handlers (they listen at the root): a blocked form is not sent.
  const onSubmit = (event: SubmitEvent) => {
    checkAll();
    const first = [...marked.keys()].find((control) => form.contains(control));
    if (!first) return;
    event.preventDefault();
    event.stopPropagation();
    first.focus();
  };

  form.addEventListener("input", onInput);
  form.addEventListener("change", onInput);
  form.addEventListener("submit", onSubmit);
  // React may re-render a field's attributes (a server error shown), switch fields on or off (the
  // company of a business account) or add fields: look again. Writes only what differs, so this settles.
  const observer = new MutationObserver(checkAll);
  observer.observe(form, { attributes: true, attributeFilter: ["aria-invalid", "aria-describedby", "disabled"], subtree: true, childList: true });
  checkAll();
  form.dataset.blacklistWired = "";

  return () => {
    observer.disconnect();
    form.removeEventListener("input", onInput);
    form.removeEventListener("change", onInput);
    form.removeEventListener("submit", onSubmit);
    for (const control of [...marked.keys()]) unmark(control);
    updateButtons();
    delete form.dataset.blacklistWired;
  };
}
