import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { texts } from '../../config/texts.ts';
import { StatusScreen } from '../../components/status-screen.tsx';

export function NotFoundPage() {
  return (
    <StatusScreen title={texts.notFoundTitle} message={texts.notFoundMessage}>
      <Button component={Link} to={paths.signIn.href()}>
        {texts.goToLogin}
      </Button>
    </StatusScreen>
  );
}
