// The web preset with echarts (AR health in mf-billing, the reports in mf-reports: decision 031).
module.exports = require('../scripts/jest/web-echarts-preset.cjs');
