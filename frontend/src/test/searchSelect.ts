import { fireEvent, screen } from '@testing-library/react';

/**
 * Chooses `option` in a SearchSelect (the input named `name` inside `within`): types it, as a
 * user would, and clicks it in the page the server answers.
 */
export async function chooseSearched(within: ParentNode, name: string, option: string) {
  const input = within.querySelector(`input[name="${name}"]`) as HTMLInputElement;
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: option } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}
