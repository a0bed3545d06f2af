package gcg_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/juego/gcg"
)

// conFinal devuelve testdata/funciones/doble_desafio.gcg (Bob sale y Alice
// se queda con AGOU) con sus líneas finales cambiadas por fin.
func conFinal(t *testing.T, fin string) string {
	datos, err := os.ReadFile("testdata/funciones/doble_desafio.gcg")
	require.NoError(t, err)
	texto := string(datos)
	i := strings.Index(texto, ">Bob: (AGOU) +10 390")
	require.Positive(t, i)
	return texto[:i] + fin
}

const cabeza = "#player1 ana Ana\n#player2 beto Beto\n"

// TestReglas: un registro por regla del formato, cada uno con una sola
// falta. En el modo estricto es un *ErrorLinea que nombra la regla, la
// línea y el motivo; en el indulgente (el predeterminado) la partida se lee
// igual y la falta es el único aviso, con la misma línea, regla y motivo.
func TestReglas(t *testing.T) {
	casos := []struct {
		nombre, texto string
		regla         gcg.Regla
		base          error
		linea         int
		motivo        string
	}{
		{"#rack malformado", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack1 ZZZ3!!\n",
			gcg.ReglaManoFinal, gcg.ErrFormato, 4, `mano malformada "ZZZ3!!" (carácter 4)`},
		{"#rack que la bolsa no permite", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack1 ZZZZZZZ\n",
			gcg.ReglaManoFinal, gcg.ErrInconsistente, 4, "la bolsa no permite #rack1 ZZZZZZZ: no quedan ZZZZZZ"},
		{"#rack de otro tamaño", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack1 AB\n",
			gcg.ReglaManoFinal, gcg.ErrInconsistente, 4, "#rack1 tiene 2 fichas y al jugador le quedaron 7"},
		{"#rack sin lo que conservó", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>beto: EIOU?RS D8 .OUSIEr +12 12\n#rack2 ABCDEFG\n",
			gcg.ReglaManoFinal, gcg.ErrInconsistente, 5, "#rack2 ABCDEFG no tiene R, que el jugador tenía al final"},
		{"#rack seguido de un suceso", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack2 EIOU?RS\n>beto: EIOU?RS D8 .OUSIEr +12 12\n",
			gcg.ReglaManoFinal, gcg.ErrFormato, 4, "#rack2 es la mano al cortar el registro y la sigue un suceso (línea 5)"},
		{"#rack de un jugador que no existe", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack3 ABC\n",
			gcg.ReglaManoFinal, gcg.ErrFormato, 4, "no hay jugador 3: la partida tiene 2"},
		{"#rack repetido", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#rack2 ABCDEFG\n#rack2 ABCDEFG\n",
			gcg.ReglaManoFinal, gcg.ErrFormato, 5, "#rack2 repetido (el primero en la línea 4)"},
		{"retirada con otra mano", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>ana: ZZZZZZZ -- -66 0\n",
			gcg.ReglaRetirada, gcg.ErrInconsistente, 4, "la mano es ZZZZZZZ y la de la colocación que retira (línea 3), AEINRST"},
		{"retirada sin las fichas jugadas", cabeza + ">ana: 8D RETAINS +66 66\n>ana: ZZZZZZZ -- -66 0\n",
			gcg.ReglaRetirada, gcg.ErrInconsistente, 4, "la mano ZZZZZZZ no tiene AEINRST, que jugó la colocación que retira (línea 3)"},
		{"fichas del rival que no le quedaron", conFinal(t, ">Bob: (AGOE) +10 390\n"),
			gcg.ReglaFichasFinales, gcg.ErrInconsistente, 27, "las fichas entre paréntesis son AGOE y a los demás les quedaron AGOU"},
		{"penalización final con dos manos distintas", conFinal(t, ">Bob: (AGOU) +5 385\n>Alice: AGOU (AGOE) -5 448\n"),
			gcg.ReglaFichasFinales, gcg.ErrInconsistente, 28, "la mano AGOU y las fichas entre paréntesis, AGOE, no son las mismas"},
		{"penalización final que no es la hoja", conFinal(t, ">Bob: (AGOU) +5 385\n>Alice: AGOE (AGOE) -5 448\n"),
			gcg.ReglaFichasFinales, gcg.ErrInconsistente, 28, "las fichas entre paréntesis son AGOE y al jugador le quedaron AGOU"},
		{"desafío después de un pase", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>beto: ABCDEFG - +0 0\n>beto: ABCDEFG (challenge) +5 5\n",
			gcg.ReglaDesafio, gcg.ErrInconsistente, 5, "un premio por desafío después de un turno sin fichas (línea 4)"},
		{"desafío del que no jugó", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>beto: (challenge) +5 5\n",
			gcg.ReglaDesafio, gcg.ErrInconsistente, 4, "un premio por desafío para el jugador 2, y el último turno (línea 3) fue del 1"},
		{"desafío de una colocación retirada", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>ana: -- -66 0\n>ana: (challenge) +5 5\n",
			gcg.ReglaDesafio, gcg.ErrInconsistente, 5, "un premio por desafío de una colocación retirada (línea 3)"},
		{"dos penalizaciones por tiempo", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>ana: (time) -5 61\n>ana: (time) -5 56\n",
			gcg.ReglaTiempo, gcg.ErrInconsistente, 5, "segunda penalización por tiempo del jugador 1 (la primera en la línea 4)"},
		{"#game-type de otro juego", "#game-type wordsmog\n" + cabeza + ">ana: AEINRST 8D RETAINS +66 66\n",
			gcg.ReglaTipoDeJuego, gcg.ErrFormato, 1, `el registro es de "wordsmog" y se leen partidas "classic"`},
		{"#lexicon repetido", "#lexicon NWL20\n#lexicon CSW21\n" + cabeza + ">ana: AEINRST 8D RETAINS +66 66\n",
			gcg.ReglaPragma, gcg.ErrFormato, 2, "#lexicon repetido (el primero en la línea 1)"},
		{"#title después del primer suceso", cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#title Final\n",
			gcg.ReglaPragma, gcg.ErrFormato, 4, "#title va antes del primer suceso"},
		{"#character-encoding fuera de la primera línea", cabeza + "#character-encoding UTF-8\n>ana: AEINRST 8D RETAINS +66 66\n",
			gcg.ReglaPragma, gcg.ErrFormato, 3, "#character-encoding debe ser la primera línea"},
		{"mano siguiente sin lo que conservó", cabeza + ">ana: ABEINST 8G BE +8 8\n>beto: - +0 0\n>ana: CDFGHJK - +0 8\n",
			gcg.ReglaManoSiguiente, gcg.ErrInconsistente, 5, "la mano CDFGHJK no tiene AINST, que el jugador conservó de su mano de la línea 3"},
		{"mano con una ficha que muestra otra mano", cabeza + ">ana: ZABEINS 8G BE +8 8\n>beto: ZAEIOUR - +0 0\n",
			gcg.ReglaManoSiguiente, gcg.ErrInconsistente, 4, "la mano tiene Z, que el registro mostraba en la mano del jugador 1"},
	}
	v := inglesChico(t, "retains rousier rousies bab ab be")
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := gcg.Leer(strings.NewReader(c.texto), gcg.Opciones{Variante: v, Estricto: true})
			require.ErrorIs(t, err, c.base)
			var e *gcg.ErrorLinea
			require.ErrorAs(t, err, &e)
			require.Equal(t, c.regla, e.Regla, err.Error())
			require.Equal(t, c.linea, e.Linea, err.Error())
			require.ErrorContains(t, err, c.regla.String()+": "+c.motivo)

			p, err := gcg.Leer(strings.NewReader(c.texto), gcg.Opciones{Variante: v})
			require.NoError(t, err, "el modo indulgente lo lee")
			require.Len(t, p.Avisos, 1, "%v", p.Avisos)
			require.Equal(t, c.linea, p.Avisos[0].Linea)
			require.Equal(t, c.regla, p.Avisos[0].Regla)
			require.Contains(t, p.Avisos[0].Texto, c.motivo)
		})
	}
}

// TestReglasCumplidas: lo que el formato permite no da avisos ni errores
// en el modo estricto.
func TestReglasCumplidas(t *testing.T) {
	v := inglesChico(t, "retains rousier rousies bab ab be")
	for _, texto := range []string{
		"#character-encoding UTF-8\n#game-type classic\n#lexicon NWL20\n" + cabeza + ">ana: AEINRST 8D RETAINS +66 66\n#note bien\n>beto: EIOU?RS D8 .OUSIEr +12 12\n#rack1 ABCDEFG\n#rack2 RABCDEF\n",
		"#game-type Scrabble\n" + cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>ana: AEINRST -- -66 0\n>beto: ABEIOUR 8G BE +8 8\n>beto: (challenge) +5 13\n>ana: (time) -10 -10\n>beto: (time) -10 3\n",
		cabeza + ">ana: ABEINST 8G BE +8 8\n>beto: - +0 0\n>ana: AINSTCD - +0 8\n",
		conFinal(t, ">Bob: (AGOU) +5 385\n>Alice: AGOU (AGOU) -5 448\n"),
	} {
		p, err := gcg.Leer(strings.NewReader(texto), gcg.Opciones{Variante: v, Estricto: true})
		require.NoError(t, err, texto)
		require.Empty(t, p.Avisos)
		p, err = gcg.Leer(strings.NewReader(texto), gcg.Opciones{Variante: v})
		require.NoError(t, err, texto)
		require.Empty(t, p.Avisos, texto)
	}
}

// TestManoMalformada: una mano con cifras o con algo que no es una ficha
// es una mano malformada, en los dos modos (no es una posición ni "la
// partida terminó").
func TestManoMalformada(t *testing.T) {
	v := inglesChico(t, "retains")
	for texto, motivo := range map[string]string{
		cabeza + ">ana: AB3 - +0 0\n":                                             `mano malformada "AB3"`,
		cabeza + ">ana: AB3CDEF 8D RETAINS +66 66\n":                              `mano malformada "AB3CDEF"`,
		cabeza + ">ana: AB3 -AB +0 0\n":                                           `mano malformada "AB3"`,
		cabeza + ">ana: AE!NRST 8D RETAINS +66 66\n":                              `mano malformada "AE!NRST" (carácter 3)`,
		cabeza + ">ana: AEINRST -A!B +0 0\n":                                      `cambio malformado "A!B" (carácter 2)`,
		cabeza + ">ana: AEINRST 8D RETAINS +66 66\n>beto: AB1 (challenge) +5 5\n": `mano malformada "AB1"`,
	} {
		for _, estricto := range []bool{false, true} {
			_, err := gcg.Leer(strings.NewReader(texto), gcg.Opciones{Variante: v, Estricto: estricto})
			require.ErrorIs(t, err, gcg.ErrFormato, texto)
			require.ErrorContains(t, err, motivo)
			var e *gcg.ErrorLinea
			require.ErrorAs(t, err, &e)
			require.Equal(t, strings.Count(texto, "\n"), e.Linea)
			require.Equal(t, gcg.ReglaNinguna, e.Regla)
		}
	}
}
