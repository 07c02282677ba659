/** The demo accounts, printed at start and listed in the README; for demonstration only. */
export const DEMO_PASSWORD = 'Endotrainer#2026';
export const DEMO_ACCOUNTS = [
  { key: 'superuser', role: 'Superuser (staff)', email: 'director@institute.example', full_name: 'Institute Director (demo)', superuser: true, staff: true },
  { key: 'author', role: 'Faculty author', email: 'faculty@institute.example', full_name: 'Faculty Author (demo)', superuser: false, staff: true },
  { key: 'owner', role: 'Organization owner', email: 'owner@cityhospital.example', full_name: 'Head of Surgery (demo)', superuser: false, staff: false },
  { key: 'admin', role: 'Organization admin', email: 'admin@cityhospital.example', full_name: 'Training Coordinator (demo)', superuser: false, staff: false },
  { key: 'member', role: 'Organization member', email: 'resident@cityhospital.example', full_name: 'Surgical Resident (demo)', superuser: false, staff: false },
  { key: 'individual', role: 'Individual learner', email: 'learner@example.com', full_name: 'Postgraduate Learner (demo)', superuser: false, staff: false },
] as const;
export const DEMO_ORGANIZATION = 'City Hospital Department of Surgery (demo)';
