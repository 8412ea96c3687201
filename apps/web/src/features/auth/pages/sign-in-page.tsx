import { useNavigate } from 'react-router';
import { homePathOf } from '@/lib/home-path';
import { SignInPanel } from '../components/sign-in-panel';

export default function SignInPage() {
  const navigate = useNavigate();
  return <SignInPanel onSignedIn={(response) => void navigate(homePathOf(response.user), { replace: true })} />;
}
