/**
 * Stands in for echarts/core, echarts/charts, echarts/components and echarts/renderers in jest (see
 * jest.config.cjs): every chart records the options it is given, and a test can fire its events (the crosshair).
 */
type Handler = (event: unknown) => void;

export interface FakeChart {
  element: HTMLElement;
  /** Every setOption call, in order. */
  options: Array<Record<string, unknown>>;
  /** Every dispatchAction call, in order. */
  actions: Array<Record<string, unknown>>;
  disposed: boolean;
  /** Fires a chart event as ECharts would (e.g. 'updateAxisPointer'). */
  emit(event: string, payload?: unknown): void;
}

/** Every chart created since the last reset, oldest first. */
export const charts: FakeChart[] = [];
/** The parts passed to use(). */
export const registered: unknown[] = [];

export function resetFakeCharts(): void {
  charts.length = 0;
}

export function use(parts: unknown[]): void {
  registered.push(...parts);
}

export function init(element: HTMLElement) {
  const handlers = new Map<string, Handler[]>();
  const chart: FakeChart = {
    element,
    options: [],
    actions: [],
    disposed: false,
    emit: (event, payload) => handlers.get(event)?.forEach((handler) => handler(payload)),
  };
  charts.push(chart);
  return {
    setOption: (option: Record<string, unknown>) => void chart.options.push(option),
    on: (event: string, handler: Handler) => void handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    resize: () => undefined,
    dispatchAction: (action: Record<string, unknown>) => void chart.actions.push(action),
    dispose: () => {
      chart.disposed = true;
    },
  };
}

const part = (name: string) => ({ part: name });
export const CandlestickChart = part('CandlestickChart');
export const LineChart = part('LineChart');
export const BarChart = part('BarChart');
export const GridComponent = part('GridComponent');
export const TooltipComponent = part('TooltipComponent');
export const AxisPointerComponent = part('AxisPointerComponent');
export const DataZoomInsideComponent = part('DataZoomInsideComponent');
export const MarkPointComponent = part('MarkPointComponent');
export const MarkLineComponent = part('MarkLineComponent');
export const CanvasRenderer = part('CanvasRenderer');
