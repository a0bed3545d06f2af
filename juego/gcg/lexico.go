package gcg

import (
	"fmt"
	"github.com/juegodepalabras/palabras/internal/cita"
	"strings"

	"github.com/juegodepalabras/palabras/variante"
)

// familias nombra cada familia de léxicos por los prefijos de sus nombres.
var familias = []struct {
	familia  string
	prefijos []string
}{
	{"CSW", []string{"CSW", "COLLINS", "SOWPODS", "OSWI"}},
	{"NWL", []string{"NWL", "TWL", "OTCWL", "OWL", "NSWL"}},
	{"FISE", []string{"FISE", "FILE", "DRAE"}},
	{"ODS", []string{"ODS"}},
	{"OSPS", []string{"OSPS"}},
}

// Familia devuelve la familia del léxico nombre, como lo nombran los
// registros (#lexicon): "CSW" para CSW19, CSW21, CSW24, Collins y SOWPODS;
// "NWL" para NWL2018, NWL20, NWL23, TWL06, TWL2014 y OTCWL; "FISE" para
// FISE2, FILE2017 y DRAE; "ODS" y "OSPS" para el francés y el polaco. Un
// nombre de otra familia se devuelve en mayúsculas y sin las cifras del
// final ("ENABLE2K" da "ENABLE2K"; "Foo19" da "FOO"); "" da "".
func Familia(nombre string) string {
	n := strings.ToUpper(strings.TrimSpace(nombre))
	for _, f := range familias {
		for _, p := range f.prefijos {
			if strings.HasPrefix(n, p) {
				return f.familia
			}
		}
	}
	return strings.TrimRight(n, "0123456789")
}

// elegirVariante elige la variante del registro p según o: la de su
// léxico, o la de o.Variante.
func elegirVariante(p *Partida, o Opciones) (*variante.Variante, error) {
	if p.Lexico != "" {
		for nombre, v := range o.Lexicos {
			if v != nil && strings.EqualFold(nombre, p.Lexico) {
				return v, nil
			}
		}
		familia := Familia(p.Lexico)
		var elegida *variante.Variante
		elegido := ""
		for nombre, v := range o.Lexicos {
			// Entre varias de la familia, la de nombre menor: el resultado
			// no depende del orden del mapa.
			if v != nil && Familia(nombre) == familia && (elegida == nil || nombre < elegido) {
				elegida, elegido = v, nombre
			}
		}
		if elegida != nil {
			return elegida, nil
		}
		p.LexicoFaltante = o.Lexicos != nil
	}
	if o.Variante == nil {
		motivo := "no hay variante (Opciones.Variante es nil)"
		if p.Lexico != "" {
			motivo = fmt.Sprintf("no hay variante para el léxico %q (ni en Opciones.Lexicos ni en Opciones.Variante)", cita.Texto(p.Lexico))
		}
		return nil, errorLinea(p.lineaLexico, "#lexicon "+p.Lexico, fmt.Errorf("%w: %s", ErrLexicoFaltante, motivo))
	}
	return o.Variante, nil
}

// conReglaFin devuelve v con la regla de fin de partida del registro: la
// que dicen sus líneas finales (el que sale gana el doble de las fichas de
// los demás: norteamericana; gana lo mismo: internacional) o, si no lo
// dicen, la de la familia de su léxico (NWL: norteamericana; CSW y FISE:
// internacional). Si no se sabe, o v no tiene fin de partida, v queda como
// está.
func conReglaFin(v *variante.Variante, lexico string, sucesos []suceso) (*variante.Variante, error) {
	if v.TurnosSinPuntos() == 0 {
		return v, nil
	}
	regla, ok := reglaDeLineas(v, sucesos)
	if !ok {
		switch Familia(lexico) {
		case "NWL":
			regla, ok = variante.FinNorteamericano, true
		case "CSW", "FISE":
			regla, ok = variante.FinInternacional, true
		}
	}
	if !ok || regla == v.ReglaFin() {
		return v, nil
	}
	op := v.Opciones()
	op.ReglaFin = regla
	c, err := v.Con(op)
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrInconsistente, err)}
	}
	return c, nil
}

// reglaDeLineas busca la línea de quien salió, "(FICHAS) +N", y compara N
// con el valor de las fichas.
func reglaDeLineas(v *variante.Variante, sucesos []suceso) (variante.ReglaFin, bool) {
	for _, s := range sucesos {
		if s.tipo != lineaFin || s.mano != "" {
			continue
		}
		m, err := leerMano(v.Alfabeto(), s.cambio)
		if err != nil {
			continue
		}
		valor := 0
		for l := range m.Todas() {
			valor += v.ValorFicha(l)
		}
		switch {
		case valor > 0 && s.puntos == 2*valor:
			return variante.FinNorteamericano, true
		case valor > 0 && s.puntos == valor:
			return variante.FinInternacional, true
		}
	}
	return 0, false
}
