//! Structural validation of a SARIF 2.1.0 log: the properties the OASIS schema
//! requires and the ones GitHub code scanning relies on.

use serde_json::Value;

fn text_of<'a>(v: &'a Value, what: &str) -> Result<&'a str, String> {
    v.get("text")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{what}: message without `text`"))
}

fn check_physical(p: &Value, what: &str) -> Result<(), String> {
    let uri = p["artifactLocation"]["uri"]
        .as_str()
        .ok_or_else(|| format!("{what}: artifactLocation.uri missing"))?;
    if uri.is_empty() || uri.contains('\\') || uri.contains(' ') {
        return Err(format!("{what}: bad uri `{uri}`"));
    }
    if !uri.starts_with("file://") && uri.starts_with('/') {
        return Err(format!("{what}: relative uri expected, got `{uri}`"));
    }
    if let Some(region) = p.get("region") {
        let num = |k: &str| region.get(k).and_then(Value::as_u64);
        let (sl, sc) = (
            num("startLine").ok_or(format!("{what}: startLine"))?,
            num("startColumn").unwrap_or(1),
        );
        let (el, ec) = (num("endLine").unwrap_or(sl), num("endColumn").unwrap_or(sc));
        if sl < 1 || sc < 1 || el < sl || ec < 1 || (el == sl && ec < sc) {
            return Err(format!("{what}: bad region {region}"));
        }
    }
    Ok(())
}

/// Checks `log`; returns the first violation.
pub fn validate(log: &Value) -> Result<(), String> {
    if log["version"] != "2.1.0" {
        return Err("version must be 2.1.0".into());
    }
    log["$schema"]
        .as_str()
        .filter(|s| s.contains("sarif"))
        .ok_or("$schema missing")?;
    let runs = log["runs"].as_array().ok_or("runs must be an array")?;
    for run in runs {
        let driver = &run["tool"]["driver"];
        driver["name"]
            .as_str()
            .filter(|s| !s.is_empty())
            .ok_or("tool.driver.name missing")?;
        let info = driver["informationUri"]
            .as_str()
            .ok_or("informationUri missing")?;
        if !info.starts_with("https://") {
            return Err(format!("informationUri not absolute: {info}"));
        }
        let rules = driver["rules"].as_array().ok_or("rules must be an array")?;
        let mut ids = std::collections::BTreeSet::new();
        for rule in rules {
            let id = rule["id"].as_str().ok_or("rule without id")?;
            if !ids.insert(id) {
                return Err(format!("duplicate rule id {id}"));
            }
            for key in ["shortDescription", "fullDescription", "help"] {
                text_of(&rule[key], &format!("rule {id} {key}"))?;
            }
        }
        let results = run["results"]
            .as_array()
            .ok_or("results must be an array")?;
        for (i, result) in results.iter().enumerate() {
            let what = format!("result {i}");
            let rule_id = result["ruleId"].as_str().ok_or(format!("{what}: ruleId"))?;
            if !ids.contains(rule_id) {
                return Err(format!("{what}: unknown rule {rule_id}"));
            }
            if let Some(index) = result.get("ruleIndex") {
                let index = index.as_u64().ok_or(format!("{what}: ruleIndex"))? as usize;
                if rules.get(index).map(|r| &r["id"]) != Some(&Value::from(rule_id)) {
                    return Err(format!("{what}: ruleIndex does not match ruleId"));
                }
            }
            if !matches!(
                result["level"].as_str(),
                Some("none" | "note" | "warning" | "error")
            ) {
                return Err(format!("{what}: bad level"));
            }
            text_of(&result["message"], &what)?;
            let locations = result["locations"]
                .as_array()
                .ok_or(format!("{what}: locations"))?;
            if locations.is_empty() {
                return Err(format!("{what}: no location"));
            }
            for loc in locations {
                check_physical(&loc["physicalLocation"], &what)?;
            }
            for rel in result["relatedLocations"].as_array().into_iter().flatten() {
                rel["id"]
                    .as_i64()
                    .filter(|id| *id >= 0)
                    .ok_or(format!("{what}: related id"))?;
                check_physical(&rel["physicalLocation"], &what)?;
                text_of(&rel["message"], &what)?;
            }
            let fingerprints = result["partialFingerprints"]
                .as_object()
                .ok_or(format!("{what}: fingerprints"))?;
            if fingerprints.is_empty() || !fingerprints.values().all(Value::is_string) {
                return Err(format!("{what}: fingerprints must be strings"));
            }
        }
        for inv in run["invocations"].as_array().into_iter().flatten() {
            inv["executionSuccessful"]
                .as_bool()
                .ok_or("invocation.executionSuccessful")?;
            for n in inv["toolExecutionNotifications"]
                .as_array()
                .into_iter()
                .flatten()
            {
                text_of(&n["message"], "notification")?;
            }
        }
    }
    Ok(())
}
