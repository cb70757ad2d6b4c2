// A required form field says so three ways: the asterisk a person sees, `required` and `aria-required` for
// assistive technology. The forms are `noValidate`, so the browser's own bubbles never replace our messages.
export const requiredField = { required: true, 'aria-required': true } as const;
