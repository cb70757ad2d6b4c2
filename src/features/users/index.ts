// The users feature, as the administration screens use it: adding a user with the sign-up payload, the scope's
// user list (search, sort, paging, edit, deactivate), and the administrative audit log. Its Mantine styles
// come with it.
import './mantine-styles.ts';

export { AddUserForm, contactNames } from './add-user-form.tsx';
export { AdminAuditLog } from './admin-audit-log.tsx';
export { roleLabels } from './labels.ts';
export { UserList } from './user-list.tsx';
