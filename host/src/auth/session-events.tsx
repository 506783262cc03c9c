import { useEffect } from 'react';
import { configureApi } from '@admin/shared/api';
import { useAuth } from '@admin/shared/auth';
import { useNavigate } from '@admin/shared/router';

/** A session the server no longer accepts (401 on any call) signs the user out and goes to /login. */
export function SessionEvents() {
  const navigate = useNavigate();
  useEffect(() => {
    configureApi({
      onUnauthorized: () => {
        useAuth.getState().clear();
        navigate('/login', { replace: true });
      },
    });
  }, [navigate]);
  return null;
}
