-- Reference data every deployment needs: the platform's service packages (Enterprise/GetEquityBuy).
-- Only into an empty table, so a database seeded before this migration keeps its rows.
INSERT INTO "equity_packages" ("name", "description", "price_in_fen", "duration_days", "features", "sort")
SELECT v.name, v.description, v.price_in_fen, v.duration_days, v.features::jsonb, v.sort
FROM (VALUES
  ('基础版', '适合单次考试或小型招聘的机构', 980000, 365, '["每年5个报名项目","在线报名与资格审核","准考证打印","短信通知500条"]', 0),
  ('专业版', '适合常态化组织考试的单位', 2980000, 365, '["不限报名项目","在线缴费对账","在线考试（单选/多选/判断）","短信通知5000条","专属客服"]', 1),
  ('旗舰版', '适合大型考试机构与集团', 6980000, 365, '["专业版全部功能","独立域名与品牌定制","多级审核流程","数据接口对接","驻场技术支持"]', 2)
) AS v(name, description, price_in_fen, duration_days, features, sort)
WHERE NOT EXISTS (SELECT 1 FROM "equity_packages");
