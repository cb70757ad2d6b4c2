import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { routes } from '../../config/routes.ts';
import { texts } from '../../config/texts.ts';
import { StatusScreen } from '../../components/status-screen.tsx';

export function NotFoundPage() {
  return (
    <StatusScreen title={texts.notFoundTitle} message={texts.notFoundMessage}>
      <Button component={Link} to={routes.signIn.href()}>
        {texts.goToLogin}
      </Button>
    </StatusScreen>
  );
}
