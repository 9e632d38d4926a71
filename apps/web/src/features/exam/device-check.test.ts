import { describe, expect, it } from 'vitest';
import { deviceCheckItems, type DeviceReading } from './device-check';

const good: DeviceReading = { roundTripMs: 120, offsetMs: 300, widthPx: 390, storageOk: true };
const texts = (reading: DeviceReading) =>
  Object.fromEntries(deviceCheckItems(reading).map((i) => [i.label, [i.ok, i.text]]));

describe('the device check says each reading in plain words', () => {
  it('all well', () => {
    expect(texts(good)).toEqual({
      网络连接: [true, '正常（往返 120 毫秒）'],
      时间校准: [true, '本机时间与服务器相差 300 毫秒，计时以服务器为准'],
      屏幕宽度: [true, '390 像素，可以完整显示试卷'],
      本机暂存: [true, '可用，断网时答案先保存在本机'],
    });
  });

  it('says what to do when a reading is off', () => {
    expect(
      texts({ roundTripMs: 2500, offsetMs: -10 * 60_000, widthPx: 300, storageOk: false }),
    ).toEqual({
      网络连接: [false, '较慢（往返 2.5 秒），答案仍会保存，建议换到信号更好的地方'],
      时间校准: [
        false,
        '本机时间与服务器相差约 10 分钟；计时以服务器为准，不受影响，建议把设备时间设为自动',
      ],
      屏幕宽度: [false, '屏幕较窄（300 像素），建议横屏或换用更大的设备'],
      本机暂存: [false, '不可用（可能是无痕模式），断网时答案无法暂存，请保持网络连接'],
    });
  });

  it('no connection: no round trip and no clock reading', () => {
    const items = texts({ ...good, roundTripMs: null, offsetMs: null });
    expect(items['网络连接']).toEqual([false, '无法连接服务器，请检查网络后点「重新检测」']);
    expect(items['时间校准']).toEqual([false, '连接服务器后才能校准时间']);
  });
});
