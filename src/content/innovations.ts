import type { Innovation } from './types';

/** The institute's training devices. Descriptions are HTML and are sanitised before rendering. */
export const innovations: Innovation[] = [
  {
    title: 'Paradoxical Movement Trainer',
    description:
      '<p>In laparoscopy the instrument pivots at the port: move the hand left and the tip goes right. This simple trainer lets a beginner rehearse that <strong>fulcrum effect</strong> before touching a camera system.</p><ul><li>Fixed pivot points at adjustable depths</li><li>Targets that reward small, controlled movements</li><li>No camera or monitor needed</li></ul>',
    imageUrls: ['/images/innovations/paradoxical-trainer.svg'],
    imagePosition: 'right',
  },
  {
    title: 'Periscope Trainer',
    description:
      '<p>A mirror-based trainer that shows the working field indirectly, teaching the loss of depth perception of a two-dimensional image at very low cost. Trainees progress from the periscope to the video endotrainer.</p>',
    imageUrls: ['/images/innovations/periscope-trainer.svg'],
    imagePosition: 'left',
  },
  {
    title: 'Low-cost Endotrainer',
    description:
      '<p>A foldable box trainer with a camera and a standard monitor or laptop, designed so that surgeons can keep practising at their own hospitals after a course.</p><ul><li>Ports for standard 5 mm instruments</li><li>Works with a USB camera and a laptop</li><li>Task kits for peg transfer, cutting, clipping and suturing</li></ul>',
    imageUrls: ['/images/innovations/endotrainer.svg'],
    imagePosition: 'right',
  },
  {
    title: 'Circulation Pump with Pulsatile Flow',
    description:
      '<p>A pump that drives coloured fluid through the vessels of training models with a pulsatile flow, so that dissection near vessels, clipping and haemostasis can be practised with realistic bleeding.</p><ul><li>Adjustable rate and pressure</li><li>Connects to synthetic and animal-tissue models</li><li>Used in the hernia and advanced courses</li></ul>',
    imageUrls: [],
    imagePosition: 'left',
  },
  {
    title: 'Virtual Reality Laparoscopic Training Module',
    description:
      '<p>Developed together with a defence research body, the virtual reality module simulates laparoscopic tasks on screen with instrument handles that track the trainee’s movements and record time, path length and errors for objective assessment.</p>',
    imageUrls: ['/images/innovations/vr-module.svg', '/images/innovations/vr-metrics.svg'],
    imagePosition: 'right',
  },
];
