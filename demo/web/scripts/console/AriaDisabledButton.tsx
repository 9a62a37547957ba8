/**
 * A button that can be unavailable and still keep keyboard focus. A `disabled` button loses focus the moment it is
 * disabled (Chromium moves it to <body>), so one pressed with Enter that then turns itself off ("Save changes" while
 * it saves, "Next" on reaching the last page) left the operator to Tab in again from the top of the page. This one
 * says "unavailable" with aria-disabled, looks disabled (console.css), and ignores presses while it is.
 */
import type { JSX } from 'preact';

type Props = Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'aria-disabled' | 'onClick'> & {
  unavailable: boolean;
  onClick?: (event: JSX.TargetedMouseEvent<HTMLButtonElement>) => void;
};

export function AriaDisabledButton({ unavailable, onClick, ...rest }: Props): JSX.Element {
  return (
    <button
      {...rest}
      aria-disabled={unavailable ? 'true' : undefined}
      onClick={(event) => {
        // Cancelling the click also stops a submit button's form from being sent, Enter in a field included
        // (implicit submission goes through a click on the form's default button).
        if (unavailable) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
