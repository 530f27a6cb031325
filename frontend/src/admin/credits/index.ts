import { CreditList } from './CreditList';

export default { list: CreditList };
