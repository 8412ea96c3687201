import type { ServiceKind } from '@caredesk/shared';

/** Reference data for the demo records (design.md §8): names, catalogues, schedules. */

export interface NamePool {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
}

export const NAME_POOLS = {
  marathi: {
    male: ['Aarav', 'Omkar', 'Sachin', 'Prasad', 'Ganesh', 'Mahesh', 'Nikhil', 'Shantanu', 'Sanket', 'Vinayak', 'Rohan', 'Tejas', 'Aniket', 'Shrikant', 'Dattatray', 'Vishal'],
    female: [
      'Sunita',
      'Kavita',
      'Madhuri',
      'Snehal',
      'Rutuja',
      'Pooja',
      'Ashwini',
      'Manasi',
      'Vaishali',
      'Shubhangi',
      'Gauri',
      'Aparna',
      'Prajakta',
      'Sayali',
      'Mrunal',
      'Anuradha',
    ],
    surnames: [
      'Pawar',
      'Bhosale',
      'Kulkarni',
      'Deshpande',
      'Joshi',
      'Patil',
      'Shinde',
      'Kale',
      'Gokhale',
      'Jadhav',
      'Deshmukh',
      'Chavan',
      'Gaikwad',
      'Apte',
      'Sathe',
      'Kamble',
      'More',
      'Wagh',
    ],
  },
  hindi: {
    male: ['Rahul', 'Amit', 'Vikas', 'Rajesh', 'Sanjay', 'Ankit', 'Saurabh', 'Deepak', 'Manoj', 'Arjun', 'Harsh', 'Pankaj'],
    female: ['Priya', 'Neha', 'Anjali', 'Pooja', 'Ritu', 'Sakshi', 'Shweta', 'Kiran', 'Nisha', 'Rekha', 'Swati', 'Aditi'],
    surnames: ['Sharma', 'Verma', 'Gupta', 'Singh', 'Yadav', 'Mishra', 'Tiwari', 'Agarwal', 'Chauhan', 'Srivastava', 'Pandey', 'Saxena'],
  },
  south: {
    male: ['Karthik', 'Srinivas', 'Venkatesh', 'Arun', 'Prakash', 'Harish', 'Naveen', 'Ravi', 'Suresh', 'Ramesh', 'Vijay', 'Manjunath', 'Anand', 'Sandeep'],
    female: ['Lakshmi', 'Divya', 'Meghana', 'Shalini', 'Padma', 'Kavya', 'Sowmya', 'Deepa', 'Anitha', 'Revathi', 'Bhavana', 'Sahana', 'Keerthi', 'Ranjini'],
    surnames: ['Reddy', 'Rao', 'Naidu', 'Iyer', 'Nair', 'Menon', 'Gowda', 'Hegde', 'Shetty', 'Murthy', 'Pillai', 'Krishnan', 'Subramanian', 'Varma'],
  },
  bengali: {
    male: ['Arindam', 'Sourav', 'Debashish', 'Subhajit', 'Anirban', 'Partha'],
    female: ['Moumita', 'Sohini', 'Payel', 'Rituparna', 'Ananya', 'Sreya'],
    surnames: ['Banerjee', 'Chatterjee', 'Mukherjee', 'Das', 'Ghosh', 'Bose', 'Sen', 'Dutta'],
  },
  gujarati: {
    male: ['Jignesh', 'Bhavesh', 'Hitesh', 'Chirag', 'Ketan', 'Parth'],
    female: ['Hetal', 'Nisha', 'Krupa', 'Dhara', 'Falguni', 'Jinal'],
    surnames: ['Patel', 'Shah', 'Mehta', 'Desai', 'Parikh', 'Trivedi', 'Modi', 'Joshi'],
  },
  punjabi: {
    male: ['Gurpreet', 'Harpreet', 'Manpreet', 'Jaspal', 'Amandeep', 'Karan'],
    female: ['Simran', 'Harleen', 'Jasleen', 'Navneet', 'Gurleen', 'Manjeet'],
    surnames: ['Singh', 'Kaur', 'Gill', 'Sandhu', 'Dhillon', 'Bedi', 'Malhotra', 'Kapoor'],
  },
  urdu: {
    male: ['Imran', 'Salman', 'Faisal', 'Arif', 'Sameer', 'Irfan'],
    female: ['Fatima', 'Ayesha', 'Zainab', 'Sana', 'Nazia', 'Rukhsar'],
    surnames: ['Khan', 'Shaikh', 'Qureshi', 'Ansari', 'Sayyed', 'Begum'],
  },
  christian: {
    male: ['Joseph', 'Thomas', 'Anthony', 'Francis', 'Jose', 'Mathew'],
    female: ['Mary', 'Teresa', 'Anita', 'Sheela', 'Maria', 'Rosemary'],
    surnames: ["D'Souza", 'Fernandes', 'Pereira', 'Rodrigues', 'Thomas', 'Mathew', 'George'],
  },
} as const satisfies Record<string, NamePool>;
export type NameRegion = keyof typeof NAME_POOLS;

export interface Locality {
  name: string;
  pincode: string;
}

export const LOCALITIES: Record<'Pune' | 'Hyderabad' | 'Bengaluru' | 'Mysuru' | 'Ahmedabad', readonly Locality[]> = {
  Pune: [
    { name: 'Kothrud', pincode: '411038' },
    { name: 'Erandwane', pincode: '411004' },
    { name: 'Shivajinagar', pincode: '411005' },
    { name: 'Aundh', pincode: '411007' },
    { name: 'Baner', pincode: '411045' },
    { name: 'Hadapsar', pincode: '411028' },
    { name: 'Kharadi', pincode: '411014' },
    { name: 'Viman Nagar', pincode: '411014' },
    { name: 'Wakad', pincode: '411057' },
    { name: 'Sinhagad Road', pincode: '411041' },
    { name: 'Deccan Gymkhana', pincode: '411004' },
    { name: 'Camp', pincode: '411001' },
  ],
  Hyderabad: [
    { name: 'Banjara Hills', pincode: '500034' },
    { name: 'Jubilee Hills', pincode: '500033' },
    { name: 'Ameerpet', pincode: '500016' },
    { name: 'Kukatpally', pincode: '500072' },
    { name: 'Madhapur', pincode: '500081' },
    { name: 'Secunderabad', pincode: '500003' },
    { name: 'Begumpet', pincode: '500016' },
    { name: 'Mehdipatnam', pincode: '500028' },
  ],
  Bengaluru: [
    { name: 'Indiranagar', pincode: '560038' },
    { name: 'Jayanagar', pincode: '560041' },
    { name: 'Koramangala', pincode: '560034' },
    { name: 'Malleshwaram', pincode: '560003' },
    { name: 'HSR Layout', pincode: '560102' },
    { name: 'Whitefield', pincode: '560066' },
    { name: 'Basavanagudi', pincode: '560004' },
    { name: 'BTM Layout', pincode: '560076' },
  ],
  Mysuru: [
    { name: 'VV Mohalla', pincode: '570002' },
    { name: 'Kuvempunagar', pincode: '570023' },
    { name: 'Saraswathipuram', pincode: '570009' },
    { name: 'Jayalakshmipuram', pincode: '570012' },
  ],
  Ahmedabad: [
    { name: 'Satellite', pincode: '380015' },
    { name: 'Navrangpura', pincode: '380009' },
    { name: 'Vastrapur', pincode: '380015' },
    { name: 'Maninagar', pincode: '380008' },
    { name: 'Bopal', pincode: '380058' },
  ],
};

export const STREETS = [
  'Shree Apartments',
  'Sai Krupa Society',
  'Ganesh Nagar',
  'Laxmi Niwas',
  'MG Road',
  'Station Road',
  '2nd Cross',
  '5th Main',
  'Green Park Residency',
  'Tulsi Heights',
] as const;

export const QUALIFICATIONS: Record<string, string> = {
  'General Medicine': 'MBBS, MD (Medicine)',
  Cardiology: 'MBBS, MD (Medicine), DM (Cardiology)',
  Orthopaedics: 'MBBS, MS (Orthopaedics)',
  Paediatrics: 'MBBS, MD (Paediatrics)',
  Gynaecology: 'MBBS, MS (Obstetrics & Gynaecology)',
  Dermatology: 'MBBS, MD (Dermatology)',
  ENT: 'MBBS, MS (ENT)',
  Ophthalmology: 'MBBS, MS (Ophthalmology)',
  Neurology: 'MBBS, MD (Medicine), DM (Neurology)',
  Psychiatry: 'MBBS, MD (Psychiatry)',
  Gastroenterology: 'MBBS, MD (Medicine), DM (Gastroenterology)',
  Pulmonology: 'MBBS, MD (Respiratory Medicine)',
  Nephrology: 'MBBS, MD (Medicine), DM (Nephrology)',
  Urology: 'MBBS, MS (Surgery), MCh (Urology)',
  Endocrinology: 'MBBS, MD (Medicine), DM (Endocrinology)',
  Dentistry: 'BDS, MDS (Endodontics)',
  Physiotherapy: 'BPT, MPT (Musculoskeletal)',
  'General Surgery': 'MBBS, MS (General Surgery)',
};

/** Where a scan or test is done, by category: the 'now being served' message names it. */
export const SERVICE_ROOMS: Record<string, string> = {
  MRI: 'MRI suite, ground floor',
  CT: 'CT room, ground floor',
  'X-Ray': 'X-Ray room, ground floor',
  Ultrasound: 'Ultrasound room 2, 1st floor',
  Mammography: 'Mammography room, 1st floor',
  DEXA: 'DEXA room, 1st floor',
  Echo: 'Cardiology, 2nd floor',
  ECG: 'Cardiology, 2nd floor',
};
/** Samples for every lab test are taken in one place. */
export const SAMPLE_COLLECTION_ROOM = 'Sample collection, ground floor';

/** Weekly schedules as [weekdays, start, end] windows; 0 = Sunday. */
export type SchedulePattern = readonly (readonly [readonly number[], string, string])[];
const MON_SAT = [1, 2, 3, 4, 5, 6];
export const DOCTOR_SCHEDULES: readonly SchedulePattern[] = [
  // A Sunday morning OPD too, as many hospitals run: the token page has a queue every day.
  [
    [MON_SAT, '09:00', '13:00'],
    [MON_SAT, '17:00', '20:00'],
    [[0], '09:00', '12:00'],
  ],
  [[[1, 2, 3, 4, 5], '10:00', '14:00']],
  [[[1, 3, 5], '16:00', '20:00']],
  [
    [[2, 4, 6], '09:00', '12:00'],
    [[2, 4, 6], '18:00', '21:00'],
  ],
  [[MON_SAT, '08:00', '11:00']],
  [
    [[1, 2, 3, 4, 5], '11:00', '13:30'],
    [[1, 2, 3, 4, 5], '18:30', '21:00'],
    [[6], '10:00', '13:00'],
  ],
];

export interface CatalogueItem {
  kind: ServiceKind;
  name: string;
  category: string;
  pricePaise: number;
  durationMinutes: number;
  preparation: string | null;
  reportTurnaroundHours: number | null;
  capacityPerSlot: number;
  schedule: SchedulePattern;
  description: string;
  /** A package's tests, by name among these items (seed/packages.ts). */
  includes?: readonly string[];
}

const IMAGING: SchedulePattern = [
  [MON_SAT, '08:00', '20:00'],
  [[0], '09:00', '13:00'],
];
const XRAY: SchedulePattern = [[MON_SAT, '08:00', '21:00']];
const SAMPLES: SchedulePattern = [
  [[0, ...MON_SAT], '07:00', '11:00'],
  [MON_SAT, '16:00', '19:00'],
];
const CARDIAC: SchedulePattern = [
  [MON_SAT, '09:00', '13:00'],
  [MON_SAT, '16:00', '19:00'],
];
const FAST = 'Fast for 10–12 hours before the sample; water is allowed.';

export const SCANS_AND_TESTS: readonly CatalogueItem[] = [
  {
    kind: 'SCAN',
    name: 'MRI Brain (plain)',
    category: 'MRI',
    pricePaise: 650_000,
    durationMinutes: 30,
    preparation: 'Remove all metal objects. Tell us about any implants or pacemaker.',
    reportTurnaroundHours: 24,
    capacityPerSlot: 1,
    schedule: IMAGING,
    description: '1.5 Tesla MRI of the brain without contrast.',
  },
  {
    kind: 'SCAN',
    name: 'MRI Lumbar Spine',
    category: 'MRI',
    pricePaise: 700_000,
    durationMinutes: 30,
    preparation: 'Remove all metal objects. Wear loose clothing.',
    reportTurnaroundHours: 24,
    capacityPerSlot: 1,
    schedule: IMAGING,
    description: 'MRI of the lower back for disc and nerve problems.',
  },
  {
    kind: 'SCAN',
    name: 'CT Chest (HRCT)',
    category: 'CT',
    pricePaise: 350_000,
    durationMinutes: 15,
    preparation: 'No preparation needed. Bring previous chest X-rays.',
    reportTurnaroundHours: 12,
    capacityPerSlot: 2,
    schedule: IMAGING,
    description: 'High-resolution CT of the lungs.',
  },
  {
    kind: 'SCAN',
    name: 'CT Abdomen & Pelvis (contrast)',
    category: 'CT',
    pricePaise: 900_000,
    durationMinutes: 30,
    preparation: 'Fast for 4–6 hours. Serum creatinine report needed for contrast.',
    reportTurnaroundHours: 24,
    capacityPerSlot: 1,
    schedule: IMAGING,
    description: 'Contrast-enhanced CT of the abdomen and pelvis.',
  },
  {
    kind: 'SCAN',
    name: 'X-Ray Chest PA',
    category: 'X-Ray',
    pricePaise: 40_000,
    durationMinutes: 10,
    preparation: 'Remove jewellery and metal from the chest area.',
    reportTurnaroundHours: 4,
    capacityPerSlot: 4,
    schedule: XRAY,
    description: 'Digital chest X-ray, posteroanterior view.',
  },
  {
    kind: 'SCAN',
    name: 'X-Ray Knee AP/Lateral',
    category: 'X-Ray',
    pricePaise: 50_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 4,
    capacityPerSlot: 4,
    schedule: XRAY,
    description: 'Both views of one knee.',
  },
  {
    kind: 'SCAN',
    name: 'USG Abdomen',
    category: 'Ultrasound',
    pricePaise: 120_000,
    durationMinutes: 20,
    preparation: 'Fast for 6 hours. Drink 4–5 glasses of water an hour before; do not pass urine.',
    reportTurnaroundHours: 2,
    capacityPerSlot: 2,
    schedule: XRAY,
    description: 'Ultrasound of the whole abdomen.',
  },
  {
    kind: 'SCAN',
    name: 'USG Obstetric (Level II)',
    category: 'Ultrasound',
    pricePaise: 250_000,
    durationMinutes: 30,
    preparation: 'Bring previous scan reports. Form F will be filled in at the centre.',
    reportTurnaroundHours: 2,
    capacityPerSlot: 1,
    schedule: CARDIAC,
    description: 'Anomaly scan at 18–22 weeks.',
  },
  {
    kind: 'SCAN',
    name: 'Mammography (bilateral)',
    category: 'Mammography',
    pricePaise: 220_000,
    durationMinutes: 20,
    preparation: 'Do not use deodorant or talcum powder on the day.',
    reportTurnaroundHours: 24,
    capacityPerSlot: 1,
    schedule: CARDIAC,
    description: 'Digital mammography of both breasts.',
  },
  {
    kind: 'SCAN',
    name: 'DEXA Bone Density',
    category: 'DEXA',
    pricePaise: 180_000,
    durationMinutes: 20,
    preparation: 'Stop calcium supplements 24 hours before.',
    reportTurnaroundHours: 24,
    capacityPerSlot: 1,
    schedule: CARDIAC,
    description: 'Bone mineral density of hip and spine.',
  },
  {
    kind: 'SCAN',
    name: '2D Echo',
    category: 'Echo',
    pricePaise: 200_000,
    durationMinutes: 30,
    preparation: null,
    reportTurnaroundHours: 2,
    capacityPerSlot: 1,
    schedule: CARDIAC,
    description: 'Echocardiography with colour Doppler.',
  },
  {
    kind: 'SCAN',
    name: 'ECG (12-lead)',
    category: 'ECG',
    pricePaise: 30_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 1,
    capacityPerSlot: 3,
    schedule: CARDIAC,
    description: 'Resting 12-lead electrocardiogram.',
  },
  {
    kind: 'TEST',
    name: 'Complete Blood Count (CBC)',
    category: 'Haematology',
    pricePaise: 35_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 6,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Haemoglobin, RBC, WBC, platelets and indices.',
  },
  {
    kind: 'TEST',
    name: 'Lipid Profile',
    category: 'Biochemistry',
    pricePaise: 60_000,
    durationMinutes: 10,
    preparation: FAST,
    reportTurnaroundHours: 12,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Total, HDL and LDL cholesterol, triglycerides.',
  },
  {
    kind: 'TEST',
    name: 'HbA1c',
    category: 'Biochemistry',
    pricePaise: 50_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 12,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Average blood sugar over three months.',
  },
  {
    kind: 'TEST',
    name: 'Thyroid Profile (T3, T4, TSH)',
    category: 'Hormones',
    pricePaise: 55_000,
    durationMinutes: 10,
    preparation: 'Take the sample before your thyroid tablet.',
    reportTurnaroundHours: 12,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Total T3, total T4 and TSH.',
  },
  {
    kind: 'TEST',
    name: 'Liver Function Test (LFT)',
    category: 'Biochemistry',
    pricePaise: 65_000,
    durationMinutes: 10,
    preparation: FAST,
    reportTurnaroundHours: 12,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Bilirubin, SGOT, SGPT, ALP, proteins.',
  },
  {
    kind: 'TEST',
    name: 'Kidney Function Test (KFT)',
    category: 'Biochemistry',
    pricePaise: 60_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 12,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Urea, creatinine, uric acid, electrolytes.',
  },
  {
    kind: 'TEST',
    name: 'Vitamin D (25-OH)',
    category: 'Biochemistry',
    pricePaise: 140_000,
    durationMinutes: 10,
    preparation: null,
    reportTurnaroundHours: 24,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: '25-hydroxy vitamin D.',
  },
  {
    kind: 'TEST',
    name: 'Fasting Blood Sugar',
    category: 'Biochemistry',
    pricePaise: 20_000,
    durationMinutes: 5,
    preparation: 'Fast for 8–10 hours; water is allowed.',
    reportTurnaroundHours: 4,
    capacityPerSlot: 4,
    schedule: SAMPLES,
    description: 'Plasma glucose after an overnight fast.',
  },
  {
    kind: 'TEST',
    name: 'Full Body Health Checkup',
    category: 'Health Package',
    pricePaise: 299_900,
    durationMinutes: 45,
    preparation: FAST,
    reportTurnaroundHours: 24,
    capacityPerSlot: 2,
    schedule: SAMPLES,
    description: '72 parameters including CBC, lipids, LFT, KFT, thyroid and HbA1c.',
    includes: [
      'Complete Blood Count (CBC)',
      'Fasting Blood Sugar',
      'HbA1c',
      'Lipid Profile',
      'Liver Function Test (LFT)',
      'Kidney Function Test (KFT)',
      'Thyroid Profile (T3, T4, TSH)',
    ],
  },
];

export interface OtherServiceItem {
  name: string;
  category: string;
  pricePaise: number;
  durationMinutes: number | null;
  description: string;
}

export const OTHER_SERVICES: readonly OtherServiceItem[] = [
  { name: 'General Consultation', category: 'Consultation', pricePaise: 50_000, durationMinutes: 15, description: 'Walk-in consultation with the duty doctor.' },
  { name: 'Physiotherapy session', category: 'Physiotherapy', pricePaise: 60_000, durationMinutes: 45, description: 'One session with a qualified physiotherapist.' },
  { name: 'Dressing', category: 'Procedure', pricePaise: 25_000, durationMinutes: 15, description: 'Wound cleaning and dressing.' },
  { name: 'Vaccination (adult)', category: 'Vaccination', pricePaise: 30_000, durationMinutes: 10, description: 'Administration charge; vaccine billed separately.' },
  { name: 'Home sample collection', category: 'Home Care', pricePaise: 15_000, durationMinutes: 30, description: 'A phlebotomist collects samples at home, 7–11 AM.' },
  { name: 'Ambulance (within city)', category: 'Ambulance', pricePaise: 150_000, durationMinutes: null, description: 'Basic life support ambulance within city limits.' },
];

export const PATIENT_NOTES = [
  'Diabetic, on metformin.',
  'Hypertension; on amlodipine.',
  'Allergic to penicillin.',
  'Asthma; carries an inhaler.',
  'Prefers Marathi or Hindi.',
  'Hearing impaired: please speak clearly.',
  'Pregnant (second trimester).',
  'Senior citizen: needs wheelchair assistance.',
] as const;
