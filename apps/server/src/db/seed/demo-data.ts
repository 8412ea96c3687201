import type { NotificationType, OrganisationType, StaffRole } from '@caredesk/shared';
import type { DemoRecordsPlan } from './records.js';

/** Design.md §8: every demo account signs in with this password. */
export const DEMO_PASSWORD = 'Demo@12345';

export interface DemoStaff {
  email: string;
  name: string;
  role: StaffRole;
  phone: string;
  /** Role USER: the name of the demo doctor whose own account this is. */
  doctor?: string;
}

export interface DemoOrganisation {
  name: string;
  email: string;
  phone: string;
  type: OrganisationType;
  address: string;
  city: string;
  state: string;
  pincode: string;
  /** Starts the UHID of each demo patient: SAN-000001. */
  uhidPrefix: string;
  /** The public page's address: /p/{slug}. Online booking is on for every demo organisation. */
  slug: string;
  facilities: { name: string; address: string; phone: string }[];
  staff: DemoStaff[];
  /** 'active': Professional until ~9 months ahead; 'lapsed': Starter that ended a month ago. */
  plan: 'active' | 'lapsed';
  ledger: { kind: 'CREDIT' | 'DEBIT'; amountPaise: number; description: string; daysAgo: number }[];
  notifications: { type: NotificationType; title: string; message: string }[];
  /** Doctors, services and patients (records.ts builds the rows). */
  records: DemoRecordsPlan;
}

/** The plans on offer (GET /api/plan/plans), cheapest first. */
export const demoPlans = [
  {
    name: 'Starter',
    pricePaise: 99_900,
    durationDays: 365,
    features: ['One facility', 'Up to 3 doctors', 'Appointments and the token queue', 'Patient records', 'E-mail support'],
  },
  {
    name: 'Professional',
    pricePaise: 249_900,
    durationDays: 365,
    features: ['Up to 3 facilities', 'Unlimited doctors', 'Scan and test bookings with reports', 'Bookings from the patient app', 'Chats with patients', 'Priority support'],
  },
  {
    name: 'Enterprise',
    pricePaise: 599_900,
    durationDays: 365,
    features: ['Unlimited facilities', 'Everything in Professional', 'Group dashboard across hospitals', 'A dedicated account manager', 'Phone support, 24×7'],
  },
] as const;

/**
 * Oldest first. 'Wallet recharge' credits come from paid orders (the seed records them); the plan
 * debit pays for the period that the seed's subscription starts the same day.
 */
const activeLedger: DemoOrganisation['ledger'] = [
  { kind: 'CREDIT', amountPaise: 300_000, description: 'Wallet recharge', daysAgo: 91 },
  { kind: 'DEBIT', amountPaise: 249_900, description: 'Plan: Professional', daysAgo: 90 },
  { kind: 'CREDIT', amountPaise: 200_000, description: 'Wallet recharge', daysAgo: 24 },
  { kind: 'CREDIT', amountPaise: 100_000, description: 'Wallet recharge', daysAgo: 9 },
  { kind: 'DEBIT', amountPaise: 55_000, description: 'WhatsApp appointment reminders', daysAgo: 2 },
];

export const demoOrganisations: DemoOrganisation[] = [
  {
    name: 'Sanjeevani Multispeciality Hospital',
    uhidPrefix: 'SAN-',
    slug: 'sanjeevani-hospital',
    email: 'contact@sanjeevani.demo',
    phone: '+912026541234',
    type: 'HOSPITAL',
    address: '14, Karve Road, Erandwane',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411004',
    facilities: [{ name: 'Sanjeevani Multispeciality Hospital', address: '14, Karve Road, Erandwane, Pune', phone: '+912026541234' }],
    staff: [
      { email: 'admin@hospital.demo', name: 'Priya Kulkarni', role: 'ADMIN', phone: '+919822012345' },
      { email: 'worker@hospital.demo', name: 'Rahul Patil', role: 'WORKER', phone: '+919823098765' },
      { email: 'doctor@hospital.demo', name: 'Dr. Meera Joshi', role: 'USER', phone: '+919822055501', doctor: 'Dr. Meera Joshi' },
    ],
    plan: 'active',
    ledger: activeLedger,
    records: {
      seed: 1101,
      emailDomain: 'sanjeevani.demo',
      doctors: [
        { name: 'Dr. Meera Joshi', specialization: 'Cardiology' },
        { name: 'Dr. Nitin Gokhale', specialization: 'Orthopaedics' },
        { name: 'Dr. Sanjay Kulkarni', specialization: 'General Medicine' },
        { name: 'Dr. Anjali Deshpande', specialization: 'Gynaecology' },
        { name: 'Dr. Rohit Patil', specialization: 'Paediatrics' },
        { name: 'Dr. Shweta Apte', specialization: 'Dermatology' },
        { name: 'Dr. Vivek Sathe', specialization: 'ENT' },
        { name: 'Dr. Pradnya Bhide', specialization: 'Ophthalmology' },
        { name: 'Dr. Amol Jadhav', specialization: 'Neurology' },
        { name: 'Dr. Neha Ranade', specialization: 'Psychiatry' },
        { name: 'Dr. Milind Karmarkar', specialization: 'Gastroenterology' },
        { name: 'Dr. Swati Phadke', specialization: 'Endocrinology' },
        { name: 'Dr. Ajay Shinde', specialization: 'General Surgery' },
        { name: 'Dr. Kedar Limaye', specialization: 'Dentistry' },
        { name: 'Dr. Farhan Shaikh', specialization: 'Pulmonology', active: false },
      ],
      // The hospital menu has no Scans area: other services only.
      scansAndTests: 0,
      otherServices: 6,
      patients: 300,
      cities: ['Pune'],
      regions: [
        ['marathi', 60],
        ['hindi', 12],
        ['urdu', 6],
        ['south', 6],
        ['gujarati', 5],
        ['christian', 4],
        ['punjabi', 4],
        ['bengali', 3],
      ],
    },
    notifications: [
      { type: 'appointment-created', title: 'New appointment', message: 'Rohan Deshpande booked a consultation with Dr. Meera Joshi (Cardiology) for 10:30 AM.' },
      { type: 'message-received', title: 'New message from Sunita Pawar', message: 'Can I bring my old reports to the follow-up visit?' },
      { type: 'appointment-created', title: 'New appointment', message: 'Aarav Shinde booked a consultation with Dr. Nitin Gokhale (Orthopaedics) for 4:15 PM.' },
      { type: 'booking-created', title: 'Lab test booked', message: 'Kavita Bhosale booked a Complete Blood Count for tomorrow at 8:00 AM.' },
      { type: 'message-received', title: 'New message from Manoj Kale', message: 'Is Dr. Joshi available on Saturday morning?' },
    ],
  },
  {
    name: 'Lotus Diagnostics & Imaging',
    uhidPrefix: 'LDI-',
    slug: 'lotus-diagnostics',
    email: 'care@lotusdiagnostics.demo',
    phone: '+914023456789',
    type: 'SCAN',
    address: 'Plot 27, Road No. 12, Banjara Hills',
    city: 'Hyderabad',
    state: 'Telangana',
    pincode: '500034',
    facilities: [{ name: 'Lotus Diagnostics & Imaging', address: 'Plot 27, Road No. 12, Banjara Hills, Hyderabad', phone: '+914023456789' }],
    staff: [
      { email: 'admin@scan.demo', name: 'Sneha Iyer', role: 'ADMIN', phone: '+919848011122' },
      { email: 'worker@scan.demo', name: 'Karthik Nair', role: 'WORKER', phone: '+919848033344' },
    ],
    plan: 'active',
    ledger: activeLedger,
    records: {
      seed: 2202,
      emailDomain: 'lotusdiagnostics.demo',
      // The scan centre's menu has no Doctors area.
      doctors: [],
      scansAndTests: 21,
      otherServices: 6,
      patients: 200,
      cities: ['Hyderabad'],
      regions: [
        ['south', 55],
        ['urdu', 20],
        ['hindi', 12],
        ['christian', 5],
        ['marathi', 4],
        ['bengali', 4],
      ],
    },
    notifications: [
      { type: 'booking-created', title: 'New booking', message: 'Lakshmi Reddy booked an MRI Brain (plain) for 11:00 AM.' },
      { type: 'booking-created', title: 'New booking', message: 'Srinivas Rao booked a CT Chest (HRCT) for 2:30 PM.' },
      { type: 'message-received', title: 'New message from Fatima Begum', message: 'Should I fast before the ultrasound abdomen?' },
      { type: 'booking-created', title: 'New booking', message: 'Arjun Varma booked a Thyroid Profile (T3, T4, TSH) for 7:30 AM.' },
      { type: 'appointment-created', title: 'Radiologist consultation', message: 'Padma Naidu requested a report review with Dr. Ravi Shankar.' },
      { type: 'message-received', title: 'New message from Venkat Rao', message: 'When will my X-ray report be ready?' },
    ],
  },
  {
    name: 'Arogya Hospitals Group',
    uhidPrefix: 'AHG-',
    slug: 'arogya-hospitals',
    email: 'info@arogyagroup.demo',
    phone: '+918041234567',
    type: 'MULTIHOSPITAL',
    address: '100 Feet Road, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560038',
    facilities: [
      { name: 'Arogya Hospital, Indiranagar', address: '100 Feet Road, Indiranagar, Bengaluru', phone: '+918041234567' },
      { name: 'Arogya Hospital, Jayanagar', address: '9th Block, Jayanagar, Bengaluru', phone: '+918042345678' },
      { name: 'Arogya Hospital, Mysuru', address: 'Kalidasa Road, VV Mohalla, Mysuru', phone: '+918212345678' },
    ],
    staff: [
      { email: 'admin@multi.demo', name: 'Vikram Reddy', role: 'ADMIN', phone: '+919845012345' },
      { email: 'worker@multi.demo', name: 'Ananya Sharma', role: 'WORKER', phone: '+919845067890' },
    ],
    plan: 'active',
    ledger: activeLedger,
    records: {
      seed: 3303,
      emailDomain: 'arogyagroup.demo',
      doctors: [
        { name: 'Dr. Ramesh Hegde', specialization: 'Cardiology', facility: 0 },
        { name: 'Dr. Kavya Rao', specialization: 'Paediatrics', facility: 1 },
        { name: 'Dr. Suresh Kumar', specialization: 'General Medicine', facility: 2 },
        { name: 'Dr. Deepa Shetty', specialization: 'Gynaecology', facility: 0 },
        { name: 'Dr. Arun Murthy', specialization: 'Orthopaedics', facility: 1 },
        { name: 'Dr. Lakshmi Narayan', specialization: 'Dermatology', facility: 0 },
        { name: 'Dr. Prakash Gowda', specialization: 'ENT', facility: 2 },
        { name: 'Dr. Sowmya Iyengar', specialization: 'Ophthalmology', facility: 1 },
        { name: 'Dr. Vinay Kamath', specialization: 'Nephrology', facility: 0 },
        { name: 'Dr. Anitha Krishnan', specialization: 'Endocrinology', facility: 1 },
        { name: 'Dr. Harish Bhat', specialization: 'Urology', facility: 2 },
        { name: 'Dr. Divya Menon', specialization: 'Psychiatry', facility: 0 },
        { name: 'Dr. Manjunath Swamy', specialization: 'General Medicine', facility: 1 },
        { name: 'Dr. Rekha Srinivasan', specialization: 'Paediatrics', facility: 2 },
      ],
      scansAndTests: 21,
      otherServices: 6,
      patients: 300,
      cities: ['Bengaluru', 'Bengaluru', 'Bengaluru', 'Mysuru'],
      regions: [
        ['south', 60],
        ['hindi', 12],
        ['urdu', 8],
        ['christian', 6],
        ['marathi', 5],
        ['bengali', 5],
        ['punjabi', 4],
      ],
    },
    notifications: [
      { type: 'appointment-created', title: 'New appointment', message: 'Deepak Hegde booked Dr. Kavya Rao (Paediatrics) at Jayanagar for 9:45 AM.' },
      { type: 'booking-created', title: 'New booking', message: 'Shalini Gowda booked an Ultrasound Abdomen at Indiranagar for 12:00 PM.' },
      { type: 'message-received', title: 'New message from Prakash Shetty', message: 'Can I reschedule my appointment to next week?' },
      { type: 'appointment-created', title: 'New appointment', message: 'Meghana Rao booked Dr. Suresh Kumar (General Medicine) at Mysuru for 5:00 PM.' },
      { type: 'booking-created', title: 'New booking', message: 'Harish Murthy booked a Lipid Profile at Jayanagar for 8:15 AM.' },
    ],
  },
  {
    name: 'Shanti Family Clinic',
    uhidPrefix: 'SFC-',
    slug: 'shanti-family-clinic',
    email: 'hello@shanticlinic.demo',
    phone: '+917926401234',
    type: 'HOSPITAL',
    address: '3, Satellite Road, Jodhpur Gam',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380015',
    facilities: [{ name: 'Shanti Family Clinic', address: '3, Satellite Road, Jodhpur Gam, Ahmedabad', phone: '+917926401234' }],
    staff: [{ email: 'admin@lapsed.demo', name: 'Suresh Joshi', role: 'ADMIN', phone: '+919825012345' }],
    plan: 'lapsed',
    // Ends at ₹45.50: under the ₹100 line, and short of any plan, so renewing goes to checkout.
    ledger: [
      { kind: 'CREDIT', amountPaise: 100_000, description: 'Wallet recharge', daysAgo: 396 },
      { kind: 'DEBIT', amountPaise: 99_900, description: 'Plan: Starter', daysAgo: 395 },
      { kind: 'CREDIT', amountPaise: 50_000, description: 'Wallet recharge', daysAgo: 60 },
      { kind: 'DEBIT', amountPaise: 45_550, description: 'WhatsApp appointment reminders', daysAgo: 35 },
    ],
    records: {
      seed: 4404,
      emailDomain: 'shanticlinic.demo',
      doctors: [
        { name: 'Dr. Suresh Joshi', specialization: 'General Medicine' },
        { name: 'Dr. Hetal Shah', specialization: 'Paediatrics' },
        { name: 'Dr. Chirag Mehta', specialization: 'Dermatology' },
      ],
      scansAndTests: 0,
      otherServices: 2,
      patients: 40,
      cities: ['Ahmedabad'],
      regions: [
        ['gujarati', 70],
        ['hindi', 15],
        ['urdu', 8],
        ['punjabi', 7],
      ],
    },
    notifications: [
      { type: 'appointment-created', title: 'New appointment', message: 'Hetal Patel booked a consultation with Dr. Suresh Joshi for 6:00 PM.' },
      { type: 'message-received', title: 'New message from Jignesh Shah', message: 'Is the clinic open on Sunday?' },
      { type: 'appointment-created', title: 'New appointment', message: 'Nisha Desai booked a consultation with Dr. Suresh Joshi for 11:30 AM.' },
      { type: 'booking-created', title: 'Lab test booked', message: 'Bhavesh Mehta booked a Fasting Blood Sugar test for 8:00 AM.' },
    ],
  },
];
