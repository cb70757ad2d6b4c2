import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IframeWarning, isEmbedded } from '../../src/app/shell/iframe-warning.tsx';
import { ShellFrame } from '../../src/app/shell/shell-frame.tsx';
import { renderAt, renderUi } from '../support/harness.tsx';

describe('the iframe warning', () => {
  it('knows when the window is its own top window', () => {
    const top = {};
    expect(isEmbedded({ self: top, top })).toBe(false);
    expect(isEmbedded({ self: {}, top })).toBe(true);
  });

  it('counts a parent that refuses to be compared (another origin) as embedding', () => {
    const crossOrigin = {
      self: {},
      get top(): unknown {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
    };
    expect(isEmbedded(crossOrigin)).toBe(true);
  });

  it('shows a visible alert only when embedded', () => {
    const { rerender } = renderUi(<IframeWarning embedded />);
    expect(screen.getByRole('alert')).toHaveTextContent(/inside a frame/);

    rerender(<IframeWarning embedded={false} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is absent from the shell of a top-level window', () => {
    renderAt(
      <ShellFrame roles={['er_doctor']} notifications={[]}>
        <p>Screen content</p>
      </ShellFrame>,
      '/emergency-room/doctor/cases/',
    );
    expect(screen.getByText('Screen content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
