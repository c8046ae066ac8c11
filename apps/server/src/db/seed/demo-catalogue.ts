import type { ModalityCode } from './demo-places.ts';

/**
 * The fictional provider's modalities, exams and exam groups
 * (docs/product/shell-and-configuration.md#demo-mode).
 */

export interface DemoModality {
  code: ModalityCode;
  slug: string;
  name: string;
}

export const demoModalities: DemoModality[] = [
  { code: 'XR', slug: 'x-ray', name: 'X-ray' },
  { code: 'CT', slug: 'ct', name: 'CT' },
  { code: 'MR', slug: 'mri', name: 'MRI' },
  { code: 'US', slug: 'ultrasound', name: 'Ultrasound' },
  { code: 'MG', slug: 'mammography', name: 'Mammography' },
  { code: 'NM', slug: 'nuclear-medicine', name: 'Nuclear medicine' },
  { code: 'BD', slug: 'bone-densitometry', name: 'Bone densitometry' },
  { code: 'IR', slug: 'interventional', name: 'Interventional' },
];

export interface DemoExam {
  slug: string;
  name: string;
  modality: ModalityCode;
  /** Medicare-style item reference; fictional. */
  examCode: string;
  durationMinutes: number;
  bodyParts: string[];
  notes?: string;
  prep?: string;
  /** Timed preparation (migration 013), as the contract's preparationStepSchema. */
  preparationSteps?: DemoPreparationStep[];
  walkIn?: boolean;
  bookingRequestOnly?: boolean;
  showBookingRequestInfoModal?: boolean;
}

export interface DemoPreparationStep {
  minutesBefore: number;
  instruction: string;
}

const bringPrevious = 'Please bring your referral and any previous imaging of this area.';
const noMetal = 'Wear comfortable clothes without metal zips, buttons or underwire if you can.';
const fast4 = 'Do not eat for 4 hours before your appointment. You may drink water.';
const fast6 = 'Do not eat or drink anything except water for 6 hours before your appointment.';
const fullBladder =
  'Finish drinking 1 litre of water 1 hour before your appointment and do not empty your bladder.';
const mriSafety =
  'Tell us if you have a pacemaker, cochlear implant, aneurysm clip or any metal in your body. You will complete a safety questionnaire before the scan.';
const contrast =
  'An injection of contrast may be needed. Tell us if you have diabetes, kidney disease or an allergy to contrast.';

/** Timed steps that match the `prep` texts above (which stay as they are). */
const stopEating4: DemoPreparationStep = {
  minutesBefore: 240,
  instruction: 'Stop eating. You may keep drinking water.',
};
const fullBladderSteps: DemoPreparationStep[] = [
  { minutesBefore: 90, instruction: 'Start drinking 1 litre of water.' },
  { minutesBefore: 60, instruction: 'Finish the water. From now on, do not empty your bladder.' },
];
const mriArrival: DemoPreparationStep = {
  minutesBefore: 20,
  instruction: 'Arrive at the clinic to fill in the MRI safety questionnaire.',
};

const xr = (slug: string, name: string, bodyParts: string[], examCode: string): DemoExam => ({
  slug,
  name,
  modality: 'XR',
  examCode,
  durationMinutes: 15,
  bodyParts,
  notes: bringPrevious,
  prep: noMetal,
  walkIn: true,
});

export const demoExams: DemoExam[] = [
  xr('chest-x-ray', 'Chest X-ray', ['chest'], 'XR-58500'),
  xr('abdomen-x-ray', 'Abdominal X-ray', ['abdomen'], 'XR-58900'),
  xr('hand-x-ray', 'Hand X-ray', ['hand'], 'XR-57506'),
  xr('wrist-x-ray', 'Wrist X-ray', ['hand'], 'XR-57509'),
  xr('knee-x-ray', 'Knee X-ray', ['knee'], 'XR-57518'),
  xr('ankle-foot-x-ray', 'Ankle and foot X-ray', ['foot'], 'XR-57521'),
  xr('shoulder-x-ray', 'Shoulder X-ray', ['shoulder'], 'XR-57700'),
  xr('lumbar-spine-x-ray', 'Lumbar spine X-ray', ['spine'], 'XR-58112'),
  xr('cervical-spine-x-ray', 'Cervical spine X-ray', ['neck', 'spine'], 'XR-58100'),
  xr('hip-pelvis-x-ray', 'Hip and pelvis X-ray', ['hip', 'pelvis'], 'XR-57712'),
  {
    ...xr('opg-dental-x-ray', 'OPG (dental panoramic) X-ray', ['head'], 'XR-57960'),
    notes: 'Remove earrings, glasses and removable dental plates before the X-ray.',
  },
  {
    slug: 'ct-brain',
    name: 'CT brain',
    modality: 'CT',
    examCode: 'CT-56001',
    durationMinutes: 15,
    bodyParts: ['head'],
    notes: bringPrevious,
    prep: 'No preparation is needed unless contrast is requested.',
  },
  {
    slug: 'ct-chest',
    name: 'CT chest',
    modality: 'CT',
    examCode: 'CT-56301',
    durationMinutes: 15,
    bodyParts: ['chest'],
    notes: contrast,
    prep: fast4,
    preparationSteps: [stopEating4],
  },
  {
    slug: 'ct-abdomen-pelvis',
    name: 'CT abdomen and pelvis with contrast',
    modality: 'CT',
    examCode: 'CT-56507',
    durationMinutes: 30,
    bodyParts: ['abdomen', 'pelvis'],
    notes: `${contrast} You may be asked to drink a contrast liquid over the hour before the scan.`,
    prep: fast4,
    preparationSteps: [
      stopEating4,
      { minutesBefore: 60, instruction: 'Drink 2 glasses of water.' },
      { minutesBefore: 15, instruction: 'Arrive at the clinic and check in at reception.' },
    ],
  },
  {
    slug: 'ct-coronary-angiogram',
    name: 'CT coronary angiogram',
    modality: 'CT',
    examCode: 'CT-57360',
    durationMinutes: 45,
    bodyParts: ['chest'],
    notes:
      'A nurse will check your heart rate; you may be given medicine to slow it. Allow 2 hours in total.',
    prep: 'No caffeine (coffee, tea, cola, energy drinks or chocolate) for 12 hours before. Do not eat for 4 hours before.',
    bookingRequestOnly: true,
    showBookingRequestInfoModal: true,
  },
  {
    slug: 'ct-lumbar-spine',
    name: 'CT lumbar spine',
    modality: 'CT',
    examCode: 'CT-56223',
    durationMinutes: 15,
    bodyParts: ['spine'],
    notes: bringPrevious,
  },
  {
    slug: 'ct-sinuses',
    name: 'CT sinuses',
    modality: 'CT',
    examCode: 'CT-56016',
    durationMinutes: 15,
    bodyParts: ['head'],
    notes: bringPrevious,
  },
  {
    slug: 'ct-kub',
    name: 'CT kidneys, ureters and bladder (KUB)',
    modality: 'CT',
    examCode: 'CT-56549',
    durationMinutes: 15,
    bodyParts: ['abdomen', 'pelvis'],
    prep: 'Drink 500 ml of water 30 minutes before your appointment.',
    preparationSteps: [{ minutesBefore: 30, instruction: 'Drink 500 ml of water.' }],
  },
  {
    slug: 'mri-brain',
    name: 'MRI brain',
    modality: 'MR',
    examCode: 'MR-63001',
    durationMinutes: 45,
    bodyParts: ['head'],
    notes: mriSafety,
    prep: noMetal,
    preparationSteps: [mriArrival],
  },
  {
    slug: 'mri-knee',
    name: 'MRI knee',
    modality: 'MR',
    examCode: 'MR-63560',
    durationMinutes: 30,
    bodyParts: ['knee'],
    notes: mriSafety,
    prep: noMetal,
    preparationSteps: [mriArrival],
  },
  {
    slug: 'mri-lumbar-spine',
    name: 'MRI lumbar spine',
    modality: 'MR',
    examCode: 'MR-63176',
    durationMinutes: 30,
    bodyParts: ['spine'],
    notes: mriSafety,
    prep: noMetal,
    preparationSteps: [mriArrival],
  },
  {
    slug: 'mri-cervical-spine',
    name: 'MRI cervical spine',
    modality: 'MR',
    examCode: 'MR-63161',
    durationMinutes: 30,
    bodyParts: ['neck', 'spine'],
    notes: mriSafety,
    prep: noMetal,
    preparationSteps: [mriArrival],
  },
  {
    slug: 'mri-shoulder',
    name: 'MRI shoulder',
    modality: 'MR',
    examCode: 'MR-63322',
    durationMinutes: 30,
    bodyParts: ['shoulder'],
    notes: mriSafety,
    prep: noMetal,
    preparationSteps: [mriArrival],
  },
  {
    slug: 'mri-prostate',
    name: 'MRI prostate',
    modality: 'MR',
    examCode: 'MR-63541',
    durationMinutes: 45,
    bodyParts: ['pelvis'],
    notes: `${mriSafety} ${contrast}`,
    prep: 'Empty your bowels on the morning of the scan. Do not eat for 4 hours before.',
    preparationSteps: [{ minutesBefore: 240, instruction: 'Stop eating.' }, mriArrival],
    bookingRequestOnly: true,
  },
  {
    slug: 'mri-breast',
    name: 'MRI breast',
    modality: 'MR',
    examCode: 'MR-63464',
    durationMinutes: 45,
    bodyParts: ['breast'],
    notes: `${mriSafety} Best performed between days 7 and 14 of your cycle.`,
    bookingRequestOnly: true,
    showBookingRequestInfoModal: true,
  },
  {
    slug: 'abdominal-ultrasound',
    name: 'Abdominal ultrasound',
    modality: 'US',
    examCode: 'US-55036',
    durationMinutes: 30,
    bodyParts: ['abdomen'],
    prep: fast6,
    preparationSteps: [
      { minutesBefore: 360, instruction: 'Stop eating, and drink nothing but water.' },
    ],
  },
  {
    slug: 'pelvic-ultrasound',
    name: 'Pelvic ultrasound',
    modality: 'US',
    examCode: 'US-55065',
    durationMinutes: 30,
    bodyParts: ['pelvis'],
    notes: 'An internal (transvaginal) scan may be offered; it is always optional.',
    prep: fullBladder,
    preparationSteps: fullBladderSteps,
  },
  {
    slug: 'obstetric-12-week-ultrasound',
    name: 'Obstetric ultrasound (12 weeks, nuchal translucency)',
    modality: 'US',
    examCode: 'US-55707',
    durationMinutes: 45,
    bodyParts: ['abdomen', 'pelvis'],
    notes:
      'Book between 11 weeks 3 days and 13 weeks 6 days of pregnancy. A support person is welcome.',
    prep: fullBladder,
    preparationSteps: fullBladderSteps,
  },
  {
    slug: 'obstetric-morphology-ultrasound',
    name: 'Obstetric morphology ultrasound (20 weeks)',
    modality: 'US',
    examCode: 'US-55709',
    durationMinutes: 60,
    bodyParts: ['abdomen'],
    notes: 'Book between 19 and 21 weeks of pregnancy. A support person is welcome.',
  },
  {
    slug: 'thyroid-ultrasound',
    name: 'Thyroid ultrasound',
    modality: 'US',
    examCode: 'US-55032',
    durationMinutes: 20,
    bodyParts: ['neck'],
  },
  {
    slug: 'breast-ultrasound',
    name: 'Breast ultrasound',
    modality: 'US',
    examCode: 'US-55076',
    durationMinutes: 30,
    bodyParts: ['breast'],
    notes: 'Please bring previous breast imaging, including mammograms.',
  },
  {
    slug: 'carotid-doppler',
    name: 'Carotid Doppler ultrasound',
    modality: 'US',
    examCode: 'US-55274',
    durationMinutes: 30,
    bodyParts: ['neck'],
  },
  {
    slug: 'venous-doppler-legs',
    name: 'Venous Doppler ultrasound of the legs',
    modality: 'US',
    examCode: 'US-55244',
    durationMinutes: 45,
    bodyParts: ['leg'],
    prep: 'Wear loose trousers or a skirt.',
  },
  {
    slug: 'shoulder-ultrasound',
    name: 'Shoulder ultrasound',
    modality: 'US',
    examCode: 'US-55808',
    durationMinutes: 20,
    bodyParts: ['shoulder'],
    walkIn: true,
  },
  {
    slug: 'screening-mammogram',
    name: 'Screening mammogram',
    modality: 'MG',
    examCode: 'MG-59300',
    durationMinutes: 20,
    bodyParts: ['breast'],
    notes: 'For women without breast symptoms. Please bring previous mammograms.',
    prep: 'Do not use deodorant, powder or body lotion on the day of your mammogram.',
  },
  {
    slug: 'diagnostic-mammogram',
    name: 'Diagnostic mammogram',
    modality: 'MG',
    examCode: 'MG-59301',
    durationMinutes: 30,
    bodyParts: ['breast'],
    notes: 'For a breast lump or other symptom; an ultrasound may be added on the day.',
    prep: 'Do not use deodorant, powder or body lotion on the day of your mammogram.',
  },
  {
    slug: 'whole-body-bone-scan',
    name: 'Whole body bone scan',
    modality: 'NM',
    examCode: 'NM-61421',
    durationMinutes: 60,
    bodyParts: ['whole-body'],
    notes:
      'A small injection is given first; the scan is 2 to 3 hours later. You may leave between the two.',
    prep: 'Drink plenty of water on the day.',
  },
  {
    slug: 'myocardial-perfusion-scan',
    name: 'Myocardial perfusion scan',
    modality: 'NM',
    examCode: 'NM-61321',
    durationMinutes: 240,
    bodyParts: ['chest'],
    notes: 'Takes most of the day. Wear comfortable shoes for the treadmill part.',
    prep: 'No caffeine for 24 hours before. Ask your doctor about stopping heart medicines.',
    bookingRequestOnly: true,
    showBookingRequestInfoModal: true,
  },
  {
    slug: 'thyroid-scan',
    name: 'Thyroid scan',
    modality: 'NM',
    examCode: 'NM-61373',
    durationMinutes: 45,
    bodyParts: ['neck'],
    prep: 'Tell us if you take thyroid medicine or have had a CT with contrast in the last 6 weeks.',
  },
  {
    slug: 'lung-vq-scan',
    name: 'Lung ventilation/perfusion (V/Q) scan',
    modality: 'NM',
    examCode: 'NM-61328',
    durationMinutes: 60,
    bodyParts: ['chest'],
  },
  {
    slug: 'bone-density-scan',
    name: 'Bone density (DEXA) scan',
    modality: 'BD',
    examCode: 'BD-12320',
    durationMinutes: 20,
    bodyParts: ['spine', 'hip'],
    prep: 'Do not take calcium supplements on the day of the scan.',
  },
  {
    slug: 'body-composition-dexa',
    name: 'Body composition DEXA scan',
    modality: 'BD',
    examCode: 'BD-12330',
    durationMinutes: 20,
    bodyParts: ['whole-body'],
    notes: 'Not covered by Medicare; a fee applies.',
    prep: 'Do not exercise or eat a large meal in the 4 hours before.',
  },
  {
    slug: 'ct-guided-biopsy',
    name: 'CT-guided biopsy',
    modality: 'IR',
    examCode: 'IR-56219',
    durationMinutes: 60,
    bodyParts: ['chest', 'abdomen'],
    notes:
      'A radiologist reviews your referral first; we will call you to arrange a time. Someone must drive you home.',
    prep: 'Tell us about blood thinners (such as warfarin, apixaban or aspirin); you may need to stop them.',
    bookingRequestOnly: true,
    showBookingRequestInfoModal: true,
  },
  {
    slug: 'ultrasound-guided-joint-injection',
    name: 'Ultrasound-guided joint injection',
    modality: 'IR',
    examCode: 'IR-55850',
    durationMinutes: 30,
    bodyParts: ['shoulder', 'hip', 'knee'],
    notes: 'Rest the joint for 24 hours after the injection.',
    prep: 'Tell us about blood thinners and diabetes.',
  },
  {
    slug: 'ct-guided-spinal-injection',
    name: 'CT-guided spinal (facet or nerve root) injection',
    modality: 'IR',
    examCode: 'IR-56221',
    durationMinutes: 45,
    bodyParts: ['spine'],
    notes: 'Someone must drive you home afterwards.',
    prep: 'Tell us about blood thinners and diabetes.',
  },
  {
    slug: 'thyroid-fine-needle-aspiration',
    name: 'Thyroid fine needle aspiration (FNA)',
    modality: 'IR',
    examCode: 'IR-55600',
    durationMinutes: 45,
    bodyParts: ['neck'],
    prep: 'Tell us about blood thinners.',
    bookingRequestOnly: true,
  },
];

export interface DemoExamGroup {
  slug: string;
  name: string;
  exams: string[];
}

export const demoExamGroups: DemoExamGroup[] = [
  {
    slug: 'womens-imaging',
    name: "Women's imaging",
    exams: [
      'screening-mammogram',
      'diagnostic-mammogram',
      'breast-ultrasound',
      'pelvic-ultrasound',
      'mri-breast',
      'bone-density-scan',
    ],
  },
  {
    slug: 'pregnancy',
    name: 'Pregnancy',
    exams: ['obstetric-12-week-ultrasound', 'obstetric-morphology-ultrasound'],
  },
  {
    slug: 'sports-injuries',
    name: 'Sports injuries',
    exams: [
      'knee-x-ray',
      'ankle-foot-x-ray',
      'shoulder-x-ray',
      'shoulder-ultrasound',
      'mri-knee',
      'mri-shoulder',
      'ultrasound-guided-joint-injection',
    ],
  },
  {
    slug: 'heart-and-vessels',
    name: 'Heart and blood vessels',
    exams: [
      'ct-coronary-angiogram',
      'carotid-doppler',
      'venous-doppler-legs',
      'myocardial-perfusion-scan',
    ],
  },
];
