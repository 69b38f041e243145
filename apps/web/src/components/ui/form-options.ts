/**
 * How the app's react-hook-form forms check their fields, as the hand-written forms did: on submit
 * only (typing after a failed submit does not re-check), and focus stays where it is.
 */
export const checkOnSubmit = { reValidateMode: 'onSubmit', shouldFocusError: false } as const
