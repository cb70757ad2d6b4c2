// What a signed-in user sees at a route that is for none of their roles: that it is not theirs, and the way
// to their own home.
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { StatusScreen } from '../../components/status-screen.tsx';

export const NOT_FOR_YOUR_ROLE = 'Not for your role';

export function NotForYourRole({ home }: { readonly home: string }) {
  return (
    <StatusScreen
      title={NOT_FOR_YOUR_ROLE}
      message="This page belongs to another role, so there is nothing here for you. Your work is on your home page."
    >
      <Button component={Link} to={home}>
        Go to your home page
      </Button>
    </StatusScreen>
  );
}
