// The note form's few styles beyond antd: spacing, the read-only tables, and ≥ 44 px touch targets on a phone.
// On the desktop the browser skips the style, layout and paint of the sections off screen (content-visibility), so a
// 300-field note does not repaint the whole form at every keystroke (bench/notes-frontend.mjs).
export const NOTE_FORM_STYLE = `
.note-form .note-form-section { margin-bottom: 24px; }
.note-form-desktop .note-form-section { content-visibility: auto; contain-intrinsic-size: auto 900px; }
.note-form .note-form-section-title { font-size: 20px; margin: 16px 0 12px; }
.note-form .note-form-section-title:focus { outline: 2px solid #0f766e; outline-offset: 2px; }
.note-form .note-form-fields { margin: 0; }
.note-form .note-form-field { display: flex; flex-direction: column; gap: 4px; margin-bottom: 16px; }
.note-form .note-form-label { font-weight: 500; }
.note-form .note-form-required { color: #c92a2a; }
.note-form .note-form-hint { font-size: 13px; }
.note-form .note-form-error { color: #c92a2a; }
.note-form .note-form-empty, .note-form .note-form-unanswered { color: rgba(0, 0, 0, 0.62); margin: 0 0 8px; }
.note-form .note-form-row { border: 1px solid #d9d9d9; border-radius: 8px; padding: 8px 12px; margin: 0 0 8px; }
.note-form .note-form-goal-builder { border: 1px solid #d9d9d9; border-radius: 8px; padding: 8px 12px; margin: 8px 0; }
.note-form .note-form-goal-builder legend { font-weight: 500; padding: 0 4px; width: auto; border: 0; margin: 0; font-size: 14px; }
.note-form .note-form-vitals { display: flex; flex-wrap: wrap; gap: 0 24px; }
.note-form .note-form-reading { display: flex; flex-wrap: wrap; gap: 0 12px; }
.note-form .note-form-score { font-size: 16px; font-weight: 600; }
.note-form .note-form-index ul { display: flex; flex-wrap: wrap; gap: 4px 16px; list-style: none; padding: 0; margin: 0 0 16px; }
.note-form .note-form-readonly dd { margin: 0; }
.note-form .note-form-list { margin: 0; padding-left: 20px; }
.note-form .note-form-table-scroll { overflow-x: auto; }
.note-form .note-form-table { border-collapse: collapse; }
.note-form .note-form-table th, .note-form .note-form-table td { border: 1px solid #d9d9d9; padding: 4px 8px; text-align: left; }
.note-form-mobile .note-form-vitals, .note-form-mobile .note-form-reading { flex-direction: column; }
.note-form-mobile .ant-collapse-header { min-height: 44px; align-items: center !important; }
.note-form-mobile .ant-radio-wrapper, .note-form-mobile .ant-checkbox-wrapper { min-height: 44px; align-items: center; }
.note-form-mobile .note-form-stack { display: flex; flex-direction: column; }
.note-form-mobile .note-form-index a, .note-form-mobile .ant-btn { min-height: 44px; }
.note-actions-mobile .ant-btn { min-height: 44px; }
.note-form-mobile .ant-select-multiple .ant-select-content .ant-select-input { min-width: 24px; }
.note-form-mobile .ant-select-clear { width: 24px; height: 24px; margin-top: -12px; display: flex; align-items: center; justify-content: center; }
.note-form .note-form-row { min-width: 0; }
.note-form-mobile .note-form-card { background: #fafafa; padding: 12px; }
.note-form-mobile .note-form-card-title { font-weight: 600; margin-bottom: 8px; }
.note-form-mobile .note-form-card-cell { width: 100%; min-width: 0; }
.note-form-mobile .note-form-card-cell .note-form-field { margin-bottom: 8px; }
.note-form-mobile .note-form-remove, .note-form-mobile .note-form-add { width: 100%; }
.note-form-mobile .ant-select, .note-form-mobile .ant-picker, .note-form-mobile .ant-input-number { max-width: 100%; }
.note-form-mobile .ant-input, .note-form-mobile .ant-input-affix-wrapper, .note-form-mobile .ant-input-number, .note-form-mobile .ant-picker, .note-form-mobile .ant-select, .note-form-mobile .ant-select-selector { min-height: 44px; }
.note-form-mobile .ant-collapse-content-box { padding: 12px; }
`;
