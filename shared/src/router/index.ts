// The router facade: the only module that imports react-router. It is one shared singleton, so
// every app uses one router instance, and only these exports end up in the first load.
// The list is a contract between deploys: add to it before a remote relies on a new name.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  matchPath,
} from 'react-router-dom';
export type { NavigateFunction, Location } from 'react-router-dom';
