// The last line of defence for render errors the route error screens do not own (the shell, the layouts).
// It resets when the location changes so that navigating away recovers.
import { Button } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { StatusScreen } from '../../components/status-screen.tsx';

export interface GlobalErrorBoundaryProps {
  /** When this changes (the location), a shown fallback is cleared and the children render again. */
  readonly resetKey: string;
  readonly children: ReactNode;
}

interface GlobalErrorBoundaryState {
  readonly error: unknown;
  readonly resetKey: string;
}

export class GlobalErrorBoundary extends Component<GlobalErrorBoundaryProps, GlobalErrorBoundaryState> {
  constructor(props: GlobalErrorBoundaryProps) {
    super(props);
    this.state = { error: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<GlobalErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: GlobalErrorBoundaryProps,
    state: GlobalErrorBoundaryState,
  ): Partial<GlobalErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    console.error(texts.consoleGlobalErrorBoundary, error);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <StatusScreen title={texts.somethingWentWrong} role="alert">
        {/* A plain anchor: a full load recovers even when the router itself is what failed. */}
        <Button component="a" href={routes.root.href()} variant="light">
          Back to home
        </Button>
      </StatusScreen>
    );
  }
}
