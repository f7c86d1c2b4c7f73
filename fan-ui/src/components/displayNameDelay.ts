/** How long after the page shows a nameless account the dialog opens (spec: 1 s). */
export const DISPLAY_NAME_DIALOG_DELAY_MS = 1000;
