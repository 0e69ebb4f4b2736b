// The header's icons for jest, each from its own module: the package's index loads its two-tone icons, whose
// colour code is ES modules only, which jest does not load (antd itself takes its icons one by one). A test
// rendering the header mocks '@ant-design/icons' with this module.
const HEADER_ICONS = [
  'BellOutlined',
  'CheckSquareOutlined',
  'DownOutlined',
  'MessageOutlined',
  'UserOutlined',
];

module.exports = Object.fromEntries(
  HEADER_ICONS.map((name) => [name, jest.requireActual(`@ant-design/icons/lib/icons/${name}`).default]),
);
