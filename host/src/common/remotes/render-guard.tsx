import { Component, type ComponentType, type ReactNode } from 'react';

interface GuardProps {
  onCrash: (error: Error) => Promise<void>;
  children: ReactNode;
}

/**
 * Sees a remote's component crash while rendering, so the failure can be reported (and a canary
 * fall back), then passes the error on to the area's own boundary, which shows the unavailable
 * panel. A boundary catches only its children's errors, so rethrowing from its own render after
 * reporting reaches the boundary above.
 */
class RenderGuard extends Component<GuardProps, { error: Error | null; reported: boolean }> {
  state = { error: null as Error | null, reported: false };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    void this.props.onCrash(error).then(() => this.setState({ reported: true }));
  }

  render() {
    if (this.state.reported && this.state.error) throw this.state.error;
    return this.state.error ? null : this.props.children;
  }
}

/** `Page` inside a RenderGuard that calls `onCrash` when it throws while rendering. */
export function guardRender(Page: ComponentType, onCrash: GuardProps['onCrash']): ComponentType {
  return function GuardedRemoteComponent() {
    return (
      <RenderGuard onCrash={onCrash}>
        <Page />
      </RenderGuard>
    );
  };
}
