// The one-line question the page asks (a file name, a share link), in the page's <dialog>.
import { $ } from './dom.mjs';

/**
 * Asks for one line of text in the dialog; `action(text)` answers an error to show (the dialog
 * stays open) or null (it closes). Resolves true when an action succeeded, false on Cancel.
 */
export function ask({ title, label, hint, value, ok }, action) {
  const dialog = $('ask');
  $('ask-title').textContent = title;
  $('ask-label').textContent = label;
  $('ask-hint').textContent = hint || '';
  $('ask-ok').textContent = ok;
  $('ask-error').textContent = '';
  const input = $('ask-input');
  input.value = value || '';
  return new Promise((resolve) => {
    let busy = false;
    const finish = (result) => {
      $('ask-form').onsubmit = null;
      $('ask-cancel').onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      resolve(result);
    };
    $('ask-form').onsubmit = async (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      let error;
      try {
        error = await action(input.value);
      } catch (caught) {
        error = 'the studio server is not answering';
      }
      busy = false;
      if (error) {
        $('ask-error').textContent = error;
        input.focus();
      } else {
        finish(true);
      }
    };
    $('ask-cancel').onclick = () => finish(false);
    dialog.oncancel = () => finish(false);
    dialog.showModal();
    input.focus();
    const dot = input.value.indexOf('.curve.json');
    input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
  });
}
