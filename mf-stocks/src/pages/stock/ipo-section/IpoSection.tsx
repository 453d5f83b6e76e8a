// The stock home's IPO section (stock/index imports it from here): the IPO screen's own section component.
export { IpoSection } from '../ipo/IpoSection';
