export { meQueryOptions, useMe } from './api/get-me';
export { logout, useLogout } from './api/logout';
export { signin, useSignin } from './api/signin';
export { LOGIN_FAILED, LoginForm, STAFF_ONLY } from './components/login-form';
